// The web demo this tab tried before asking for a call (issue 46): the voice widget leaves its grant's id
// in the tab's sessionStorage (never a cookie), and the lead carries it as `demoSessionId`.
import { DEMO_SESSION_ID_MAX, DEMO_SESSION_STORAGE_KEY } from '../../model/demo-session';

/**
 * `{demoSessionId}` for the lead, or `{}`: when the tab tried no demo, when the id is one the service would
 * refuse (the lead must not fail for it), or when the storage cannot be read (a sandboxed frame, storage
 * turned off: reading it throws).
 */
export function tabDemo(storage: () => Pick<Storage, 'getItem'> | null = () => sessionStorage): {
  demoSessionId?: string;
} {
  try {
    const id = storage()?.getItem(DEMO_SESSION_STORAGE_KEY);
    return id && id.length <= DEMO_SESSION_ID_MAX ? { demoSessionId: id } : {};
  } catch {
    return {};
  }
}
