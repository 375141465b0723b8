import APICheck

/// The mock files as serve answers with them: the folder as audited at start, each file's bytes
/// (re-read when the file is edited), files added to the folder since start with the scenarios
/// they offer, the servers the mocks were recorded from (links to them are served on serve's own
/// origin), and the paged endpoints whose lists end with a null next token or URL.
struct ServedMocks: Sendable {
    let directory: MockDirectory
    let bodies: MockBodies
    let origins: RecordedOrigins
    /// The paged endpoints whose lists end with a null (`PagedBody.nullEnded`).
    let nullEnded: Set<String>
    let late: LateMocks

    init(_ mocks: MockDirectory, api: API, known: KnownScenarios, options: MockServerOptions, log: (@Sendable (String) -> Void)?) {
        directory = mocks
        origins = RecordedOrigins(api: api, mocks: mocks, also: options.recordedOrigins)
        nullEnded = PagedBody.nullEnded(api: api, mocks: mocks)
        bodies = MockBodies(mocks: mocks, origins: origins, interval: options.reloadInterval, log: log)
        late = LateMocks(start: mocks, known: known, origins: origins, interval: options.reloadInterval, log: log)
    }
}
