import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';

@Component({
  selector: 'app-root',
  // Lets the template use tags Angular does not know; bindings on them set properties.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  // #feedback is the element itself, typed from the package's HTMLElementTagNameMap entry.
  template: `
    <h1>Angular host</h1>
    <ai-voice-demo public-key="test-public-key" assistant-id="test-assistant"></ai-voice-demo>
    <ai-feedback #feedback backend-url="/api" (ai-feedback-success)="sent.set(sent() + 1)"></ai-feedback>
    <button type="button" (click)="feedback.open()">Contact us</button>
    <p>Feedback sent: {{ sent() }}</p>
    <ai-demo-request [brandName]="brand"></ai-demo-request>
  `,
})
export class App {
  readonly brand = 'Acme';
  readonly sent = signal(0);
}
