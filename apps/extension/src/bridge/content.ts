// The bridge on local servers, declared in the manifest.
import { startBridge } from './bridge';

startBridge();
