import { Component, CUSTOM_ELEMENTS_SCHEMA, ElementRef, signal, viewChild } from '@angular/core';

@Component({
  selector: 'app-root',
  // Lets the template use tags Angular does not know; bindings on them set properties.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <h1>Angular host</h1>
    <ai-voice-demo public-key="test-public-key" assistant-id="test-assistant"></ai-voice-demo>
    <ai-feedback #feedback backend-url="/api" (ai-feedback-success)="sent.set(sent() + 1)"></ai-feedback>
    <button type="button" (click)="contact()">Contact us</button>
    <p>Feedback sent: {{ sent() }}</p>
    <ai-demo-request [brandName]="brand"></ai-demo-request>
  `,
})
export class App {
  readonly brand = 'Acme';
  readonly sent = signal(0);
  private readonly feedback = viewChild.required<ElementRef<HTMLElementTagNameMap['ai-feedback']>>('feedback');

  contact(): void {
    void this.feedback().nativeElement.open();
  }
}
