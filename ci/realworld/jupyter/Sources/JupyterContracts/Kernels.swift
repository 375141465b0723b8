public struct KernelSpecs: Decodable, Sendable {
    /// The default kernel's name, whether or not a spec of that name is installed.
    public var `default`: String
    public var kernelspecs: [String: KernelSpec]
}

public struct KernelSpec: Decodable, Sendable {
    public struct Spec: Decodable, Sendable {
        public var argv: [String]
        public var displayName: String
        public var language: String
        public var env: [String: String]?
        public var interruptMode: String?
        public var kernelProtocolVersion: String?

        enum CodingKeys: String, CodingKey {
            case argv, language, env
            case displayName = "display_name"
            case interruptMode = "interrupt_mode"
            case kernelProtocolVersion = "kernel_protocol_version"
        }
    }

    public var name: String
    public var spec: Spec
    /// Resource names (`logo-64x64`) to their URLs.
    public var resources: [String: String]
}

/// A running kernel, as `kernel_model` in jupyter_server writes it; the check starts none, so
/// the lists are empty.
public struct Kernel: Decodable, Sendable {
    public var id: String
    public var name: String
    public var lastActivity: String?
    public var executionState: String?
    public var connections: Int?
    public var reason: String?

    enum CodingKeys: String, CodingKey {
        case id, name, connections, reason
        case lastActivity = "last_activity"
        case executionState = "execution_state"
    }
}

public struct Session: Decodable, Sendable {
    public var id: String
    public var path: String
    public var name: String?
    public var type: String
    public var kernel: Kernel?
}
