import { describeFaultCases } from '../fault-suite.js';

describeFaultCases('id-jag');
