import { execFileSync } from 'node:child_process';

/** A port free on 127.0.0.1 right now, found synchronously (config files cannot await). @returns {number} */
export function freePort() {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
