import { configure } from '@testing-library/react';

/**
 * How long `findBy…` and `waitFor` wait for what a test expects, as Playwright does (5 s). The
 * library's 1 s is too short for the first render of a route under the full suite's load: it
 * imports the route's lazy module, and with every worker busy that alone has taken over a second.
 * A test that passes waits only as long as the page takes; the longer limit changes no assertion.
 */
configure({ asyncUtilTimeout: 5000 });
