// The Embeds page (issue 54): every partner page and landing page the widgets run on, with its origins,
// brand and whether it is active. Agents read it; admins also add one here.
import { useEffect } from 'react';
import { Link } from '../router';
import { useLoad } from '../useLoad';
import type { EmbedAnswer } from '../embed-words';
import { DeskNotices } from './DeskNotices';
import { EmbedForm } from './EmbedForm';

export function EmbedsPage({ admin, version }: { admin: boolean; version: string }) {
  const { data, error, setData } = useLoad<{ embeds: EmbedAnswer[] }>('/desk/embeds', version);

  useEffect(() => {
    document.title = 'Embeds · Sales desk';
  }, []);

  return (
    <>
      <div className="desk-title-row">
        <h1 tabIndex={-1}>Embeds</h1>
      </div>
      <p className="desk-muted">
        Each partner page or landing page the widgets run on: the origins that may use it, the brand its consent
        sentence names, and the agents and countries its forms offer.
        {admin ? '' : ' Admins add and change them.'}
      </p>
      <DeskNotices error={error} loading={data === null && 'Loading the embeds…'} />
      {data &&
        (data.embeds.length === 0 ? (
          <p className="desk-empty">No embeds yet.</p>
        ) : (
          <table className="desk-table">
            <caption className="visually-hidden">The embeds</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Origins</th>
                <th scope="col">Brand</th>
                <th scope="col">Active</th>
              </tr>
            </thead>
            <tbody>
              {data.embeds.map((embed) => (
                <tr key={embed.id}>
                  <th scope="row" data-label="Name">
                    <Link to={`/desk/embeds/${embed.id}`}>{embed.name}</Link>
                  </th>
                  <td data-label="Origins">
                    <ul className="desk-plain-list">
                      {embed.origins.map((origin) => (
                        <li key={origin} className="desk-url">
                          {origin}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td data-label="Brand">{embed.brandName}</td>
                  <td data-label="Active">{embed.active ? 'Active' : <strong>Paused</strong>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      {admin && (
        <section className="desk-panel desk-embed-add" aria-labelledby="add-embed-title">
          <h2 id="add-embed-title">Add an embed</h2>
          <EmbedForm
            onSaved={(saved) =>
              setData((now) => now && { embeds: [saved, ...now.embeds.filter((e) => e.id !== saved.id)] })
            }
          />
        </section>
      )}
    </>
  );
}
