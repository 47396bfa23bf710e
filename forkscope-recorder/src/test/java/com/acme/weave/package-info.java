/**
 * Application classes for the call-site weaver's tests (SiteWeaverTest): outside io.forkscope, so
 * the default scope counts them as application code. Line numbers are asserted by the tests through
 * javap, never hard-coded, so these files may be edited freely.
 */
package com.acme.weave;
