import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { UI_TIMEOUT } from '../timeouts';

// waitFor and findBy wait for a state, on a loaded machine too: never their one-second default.
configure({ asyncUtilTimeout: UI_TIMEOUT });

afterEach(() => cleanup());
