import { describe, expect, it } from 'vitest';
import { refusal, scaffold } from './new-widget.mjs';

describe('npm run new-widget', () => {
  it('refuses a name that is not kebab-case, saying so', () => {
    for (const name of ['ChatBox', 'chat_box', 'chat--box', '-chat', 'chat-', '1chat', 'chat box'])
      expect(refusal(name), name).toMatch(/is not kebab-case/);
  });

  it('refuses a name that is taken, or none', () => {
    expect(refusal('feedback')).toBe('widgets/feedback/ exists already');
    expect(refusal('ssr')).toMatch(/taken by the package's own ssr/);
    expect(refusal('ai-chat')).toMatch(/leave out the "ai-" prefix/);
    expect(refusal('')).toMatch(/give the widget a name/);
    expect(refusal('not-yet-a-widget')).toBeNull();
  });

  it("makes the widget's files under its names: tag, class, define function, component", () => {
    const files = scaffold('chat-box');
    expect(Object.keys(files).sort()).toEqual([
      'ChatBox.tsx',
      'chat-box.css',
      'element.ts',
      'index.ts',
      'machine.test.ts',
      'machine.ts',
      'strings.ts',
      'view.ts',
    ]);
    expect(files['element.ts']).toContain(' * @tag ai-chat-box\n');
    expect(files['element.ts']).toContain('export class AIChatBoxElement extends WidgetElement');
    expect(files['element.ts']).toContain("export function defineChatBox(tag = 'ai-chat-box')");
    expect(files['element.ts']).toContain("'ai-chat-box-press': CustomEvent<ChatBoxPressDetail>;");
    expect(files['ChatBox.tsx']).toContain('export function ChatBox(');
    // The first paint lives in one file: the view and the shell that draws it before React.
    expect(files['view.ts']).toContain('export function chatBoxView(');
    expect(files['view.ts']).toContain('export const chatBoxShell = {');
    expect(files['element.ts']).toContain('...chatBoxShell,');
    expect(files['element.ts']).not.toMatch(/\bshell:/);
  });
});
