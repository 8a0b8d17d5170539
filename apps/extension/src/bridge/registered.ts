// The bridge on the server addresses the user added in the options page, registered at run time with
// chrome.scripting (built as one self-contained file: such a script cannot load the extension's chunks
// on a site the manifest does not name).
import { startBridge } from './bridge';

startBridge();
