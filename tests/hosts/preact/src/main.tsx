import { render } from 'preact';
import 'ai-agent-widgets';
import { App } from './App';

render(<App />, document.getElementById('app')!);
