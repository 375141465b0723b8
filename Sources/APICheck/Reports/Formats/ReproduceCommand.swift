/// The shell commands a report offers for a result: a `curl` that sends the very request the run
/// sent (secrets as the variables `SentRequest` put in their place), and the command that
/// refreshes the endpoint's mock.
public enum ReproduceCommand {
    /// `curl -X GET 'http://…/statuses/home_timeline?count=20&access_token='"$TOKEN"`: every
    /// literal in single quotes (nothing in it is live to the shell, not `!`, not `$`), each
    /// variable in double quotes beside it. Text with a control or bidi character is written
    /// `$'…'` with escapes, so the command shows what it sends and never acts on a terminal.
    public static func curl(_ request: SentRequest) -> String {
        let url = word(request.url)
        let plainMethod = !request.method.isEmpty && request.method.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
        var command = "curl"
        if request.followsRedirects { command += " -L" }
        if request.method == "HEAD" {
            // `-X HEAD` would wait for the body the answer's length announces, which never comes.
            command += " -I"
        } else if request.followsRedirects {
            // Following redirects, curl keeps a method given with -X on every hop, where the run
            // asks with GET after a 303, and after a 301 or 302 to a POST, as curl does with a
            // method of its own choosing: a GET without a body, a POST with one.
            if !(request.method == "GET" && request.body == nil || request.method == "POST" && request.body != nil) {
                command += " -X " + (plainMethod ? request.method : quote(request.method))
            }
        } else {
            command += " -X " + (plainMethod ? request.method : quote(request.method))
        }
        // A bracket in the URL (an IPv6 host) is a glob to curl unless told.
        if request.url.contains(where: { if case let .text(text) = $0 { text.contains("[") || text.contains("{") } else { false } }) {
            command += " -g"
        }
        let (inline, queries) = encodedQuery(request.url, request.encodedVariables)
        command += " " + (queries.isEmpty ? url : word(inline))
        for query in queries { command += " --url-query " + word(query) }
        for header in request.headers {
            if let basic = request.basicVariables, header.name.lowercased() == "authorization", header.value.count == 2,
                case let .text(scheme) = header.value[0], scheme.lowercased() == "basic ", case .variable = header.value[1]
            {
                command += " -u " + word([.variable(basic.account), .text(":"), .variable(basic.password)])
                continue
            }
            command += " -H " + word([.text(header.name + ": ")] + header.value)
        }
        if let body = request.body {
            if request.bodyIsBytes {
                command += " --data-binary @<(" + printf(body) + ")"
            } else {
                for part in encodedForm(body, request.encodedVariables) {
                    command += (part.encode ? " --data-urlencode " : " --data-binary ") + word(part.pieces)
                }
            }
        }
        return command
    }

    /// `printf 'format' "$A"…`, which writes the bytes of a body that is bytes (`bodyIsBytes`)
    /// exactly, since no shell word can hold a NUL: each byte that is not printable ASCII as
    /// `\xHH`, each variable as `%s` with the variable as its argument.
    static func printf(_ pieces: [SentRequest.Piece]) -> String {
        var format = "", arguments = ""
        for piece in pieces {
            switch piece {
            case let .variable(name):
                format += "%s"
                arguments += " \"$" + name + "\""
            case let .text(text):
                for scalar in text.unicodeScalars {
                    switch scalar {
                    case "%": format += "%%"
                    case "\\": format += #"\\"#
                    case "'": format += #"\x27"#
                    case " "..."~": format.unicodeScalars.append(scalar)
                    default: format += "\\x" + hex(scalar.value & 0xFF, 2)
                    }
                }
            }
        }
        // The body starts with its boundary's dashes, which printf would take for an option.
        return "printf -- '" + format + "'" + arguments
    }

    /// The command that records the endpoint's answer into its mock again.
    static func refresh(_ result: CheckResult, tool: String) -> String {
        let plain = result.endpoint.unicodeScalars.allSatisfy {
            $0.properties.isASCIIHexDigit || ("a"..."z").contains($0)
                || ("A"..."Z").contains($0) || ".-_".unicodeScalars.contains($0)
        }
        return "\(tool) record --only \(plain && !result.endpoint.isEmpty ? result.endpoint : quote(result.endpoint))"
    }

    /// One shell word from pieces: literals quoted, variables as `"$NAME"`.
    static func word(_ pieces: [SentRequest.Piece]) -> String {
        var merged: [SentRequest.Piece] = []
        for piece in pieces {
            if case let .text(text) = piece, case let .text(before)? = merged.last {
                merged[merged.count - 1] = .text(before + text)
            } else {
                merged.append(piece)
            }
        }
        let word = merged.map { piece in
            switch piece {
            case let .text(text): quote(text)
            case let .variable(name): "\"$" + name + "\""
            }
        }.joined()
        return word.isEmpty ? "''" : word
    }

    /// `'text'`, with `'` as `'\''`; `$'…'` when the text holds a character a terminal would act on.
    static func quote(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: DisplayText.isUnsafe) else {
            return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        }
        var out = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": out += #"\'"#
            case "\\": out += #"\\"#
            case "\n": out += #"\n"#
            case "\t": out += #"\t"#
            default:
                if DisplayText.isUnsafe(scalar) {
                    // bash reads `\u` with four hex digits at most: a scalar above U+FFFF needs `\U`
                    // with eight, or `\uE0041` would be U+E004 then "1".
                    out +=
                        scalar.value < 0x80
                        ? "\\x" + hex(scalar.value, 2)
                        : scalar.value <= 0xFFFF ? "\\u" + hex(scalar.value, 4) : "\\U" + hex(scalar.value, 8)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "'"
    }

    private static func hex(_ value: UInt32, _ width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
