/** Opens the server's /authorize page, which signs the extension in with the web app's session. */
export async function openSignIn(serverAddress: string): Promise<void> {
  await chrome.tabs.create({ url: new URL('/authorize?client=extension', serverAddress).toString() });
}
