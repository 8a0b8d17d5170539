/**
 * Frames one of the extension's host pages (src/frames/host.html) in the site's page and hands it a
 * MessageChannel once it has loaded: everything said afterwards goes through that channel, never
 * through the site's window, where the site's own scripts would hear it.
 */
export interface FrameChannel {
  frame: HTMLIFrameElement;
  send(message: unknown): void;
}

export function openFrameChannel(
  page: 'sidebar' | 'overlay',
  title: string,
  onMessage: (message: unknown) => void,
): FrameChannel {
  const frame = document.createElement('iframe');
  const address = chrome.runtime.getURL(`src/frames/host.html?page=${page}`);
  frame.src = address;
  frame.title = title;
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => onMessage(event.data);
  frame.addEventListener(
    'load',
    () => frame.contentWindow?.postMessage({ type: 'gt_channel' }, new URL(address).origin, [channel.port2]),
    { once: true },
  );
  return { frame, send: (message) => channel.port1.postMessage(message) };
}
