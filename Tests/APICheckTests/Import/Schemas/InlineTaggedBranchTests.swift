@testable import APICheck
import Foundation
import Testing

/// A discriminator without a mapping over inline branches (Pydantic's, in the LiteLLM proxy's
/// `POST /decisions`: `questions` is a `oneOf` of inline objects, each `type` a `const`): no
/// branch has a component name to be selected by, so each is selected by the one value its
/// discriminator property allows. Without it no branch would ever decode, and `apicheck openapi`
/// would write the union without branches.
@Suite struct InlineTaggedBranchTests {
    static let schemas = """
        "Body": {"type": "object", "properties": {"questions": {"type": "array", "items": {
          "discriminator": {"propertyName": "type"},
          "oneOf": [
            {"type": "object", "title": "PredicateQuestion", "required": ["type", "instructions"], "additionalProperties": false,
             "properties": {"type": {"type": "string", "const": "predicate"}, "instructions": {"type": "string"}}},
            {"type": "object", "title": "ScoreQuestion", "required": ["type"], "additionalProperties": false,
             "properties": {"type": {"type": "string", "enum": ["score"]}, "max": {"type": "integer"}}},
            {"type": "object", "title": "OpenQuestion", "properties": {"type": {"type": "string"}}}]}}}}
        """

    @Test func eachInlineBranchIsSelectedByItsOwnValue() throws {
        let fixture = try ImportFixture(schemas: Self.schemas)
        let union = fixture.type("BodyQuestionsItem")
        #expect(union.contains(#"switch try container.decode(String.self, forKey: OneOfDecoding.Key("type")) {"#), "\(union)")
        #expect(
            union.contains(
                #"case "predicate": self = .predicateQuestion(try OneOfDecoding.branch(BodyQuestionsItemPredicateQuestion.self"#),
            "\(union)")
        #expect(
            union.contains(#"case "score": self = .scoreQuestion(try OneOfDecoding.branch(BodyQuestionsItemScoreQuestion.self"#), "\(union)"
        )
        #expect(union.contains("{ [BodyQuestionsItemPredicateQuestion.self, BodyQuestionsItemScoreQuestion.self] }"), "\(union)")
        // A branch that states no value of its own is still none the discriminator selects.
        let never = fixture.notes.filter { $0.contains("never decoded") }
        #expect(never.count == 1, "\(fixture.notes)")
        #expect(never.first?.contains("/items/oneOf/2:") == true, "\(never)")
    }
}
