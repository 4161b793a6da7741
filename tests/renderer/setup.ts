import { configure } from '@testing-library/react';

// findBy* and waitFor wait up to 5 s: on a busy 2-CPU machine a Fluent dialog or lazy screen can
// take longer than the default 1 s to appear, which is not a failure of the screen.
configure({ asyncUtilTimeout: 5_000 });
