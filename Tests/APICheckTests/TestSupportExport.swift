// The helpers this target's tests once held (the servers, SecretEncodings) live in TestSupport;
// re-exported here so that every test file of the target sees them, as it did when they were its own.
@_exported import TestSupport
