import { describeFaultCases } from '../fault-suite.js';

describeFaultCases('revocation');
