import { render } from 'solid-js/web';
import 'ai-agent-widgets';
import { App } from './App';

render(() => <App />, document.getElementById('app')!);
