import APICheck
import CurlClient
import Foundation

extension ProxyCore {
    /// What a success answer holds at its endpoint's secret paths (`Endpoint.redacting(_:)`: a
    /// token object's `key`, the stored values of a secret): its body with them masked, for the
    /// exchange a finding keeps, and their texts, masked wherever else the exchange shows them.
    /// Field names alone do not find them: a secret's values sit under names its owner chose.
    /// Nil where the endpoint declares none, or the answer is no success or no JSON.
    func answerSecrets(of endpointID: String?, in response: HTTPResponse?) -> (body: Data, secrets: [String])? {
        guard let endpointID, let paths = secretPaths[endpointID], let response, (200..<300).contains(response.status),
            case let .plain(body) = ContentDecoding.decode(response.body, encoding: response.header("Content-Encoding"), cap: check.cap),
            let document = try? JSONParser.parse(body)
        else { return nil }
        let masked = document.masking(at: paths)
        return (Data(masked.document.compactText.utf8), masked.secrets)
    }
}
