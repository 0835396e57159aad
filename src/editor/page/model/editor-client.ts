/** The editor page's calls to its server, whichever was chosen (editor-backend.ts), with the answers typed. */
import type { Change, PictureUpload } from '../../shared/editor-contract';
import { backend } from './editor-backend';

export const readFile = (file: string) => backend().readFile(file);

export const readSite = () => backend().readSite();

export const checkChanges = (changes: Change[]) => backend().checkChanges(changes);

export const saveChanges = (changes: Change[]) => backend().saveChanges(changes);

/** The server's refusal (not a picture, too large, a bad name) is thrown with its message for people. */
export const sendPicture = (upload: PictureUpload) => backend().sendPicture(upload);
