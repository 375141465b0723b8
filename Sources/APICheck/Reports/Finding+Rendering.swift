import Foundation

extension Finding {
    /// `expected String, found absent`, or whichever half is known; nil when neither is.
    public var expectation: String? {
        switch (expected, found) {
        case let (expected?, found?): "expected \(expected), found \(found)"
        case let (expected?, nil): "expected \(expected)"
        case let (nil, found?): "found \(found)"
        case (nil, nil): nil
        }
    }

    /// What went wrong, for a reader who already sees the path: the message without a leading
    /// `<path>: `, with the expectation added when the message does not already say it.
    public var detail: String {
        var message = message
        if let path, message.hasPrefix(path + ": ") { message.removeFirst(path.count + 2) }
        guard let expectation, !message.contains(expectation) else { return message }
        return message.isEmpty ? expectation : "\(message) (\(expectation))"
    }

    /// The finding on one line, for places that have a single line to give:
    /// `$.datas.statuses[0].user.screen_name: expected String, found absent`.
    public var summaryLine: String {
        guard let path else { return detail }
        return "\(path): \(detail)"
    }

    /// A file name as it should be printed: relative when it lies under `directory`.
    static func displayPath(_ file: String, relativeTo directory: String?) -> String {
        guard let directory, !directory.isEmpty else { return file }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return file.hasPrefix(base) && file.count > base.count ? String(file.dropFirst(base.count)) : file
    }
}
