/**
 * A port for a server process a test starts. It is below Linux's ephemeral range (32768 on), from
 * which the system hands out the local ports of outgoing connections and of servers listening on
 * port 0: a port there could be taken by another test between this pick and the child's listen.
 */
export function pickProcessPort(): number {
  return 20_000 + Math.floor(Math.random() * 12_000);
}
