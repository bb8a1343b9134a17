// The demos as rows, as the leads' are (./LeadRows.tsx): a table from 1024 px, a card below; the whole row opens the demo.
import type { ListedDemo } from '../api';
import { when } from '../format';
import { Link } from '../router';
import { demoAgent, lengthWords, modeWords, pageWords } from './demo-words';

/** An address that may break after each slash rather than inside a word, on a narrow card. */
const atSlashes = (address: string) => address.split('/').map((part, i) => (i ? [<wbr key={i} />, `/${part}`] : part));

/** The demos as rows (a table from 1024 px, cards below, as the leads'): the whole row opens the demo. */
export function DemoRows({ demos }: { demos: ListedDemo[] }) {
  return (
    <table className="desk-rows desk-demo-rows">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Page</th>
          <th scope="col">Agent</th>
          <th scope="col">Kind and length</th>
          <th scope="col">Then</th>
        </tr>
      </thead>
      <tbody>
        {demos.map((d) => (
          <tr key={d.id}>
            <th scope="row" className="desk-row-name">
              <Link to={`/desk/demos/${d.id}`} className="desk-row-link">
                {when(d.createdAt)}
              </Link>
            </th>
            <td className="desk-row-phone desk-url">{atSlashes(pageWords(d.pageUrl, d.origin))}</td>
            <td className="desk-row-agent">{demoAgent(d.agentId)}</td>
            <td className="desk-row-outcome">
              <span className={`desk-badge desk-demo-${d.mode}`}>{modeWords(d.mode)}</span> {lengthWords(d)}
            </td>
            <td className="desk-row-contacted">
              {d.leadId ? (
                <strong className="desk-demo-lead">Asked for a call</strong>
              ) : (
                <span className="desk-muted">No lead</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
