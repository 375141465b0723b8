"""Checks an exported OpenAPI document with tools apicheck did not write: openapi-spec-validator
accepts it, and every example validates against the schema of its media type (jsonschema, draft
2020-12, with the document's own components resolved). Prints what it checked; exits 1 on any
problem."""
import json
import sys

import jsonschema
from jsonschema.exceptions import best_match
from openapi_spec_validator import validate
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012


def pointer(*parts):
    return "/".join(str(part).replace("~", "~0").replace("/", "~1") for part in parts)


def main(path):
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    validate(document)
    print(f"openapi-spec-validator: {path} is a valid OpenAPI {document['openapi']} document")
    base = "urn:apicheck:openapi"
    registry = Registry().with_resource(base, Resource.from_contents(document, default_specification=DRAFT202012))
    checked, problems = 0, []
    for template, item in document["paths"].items():
        for method, operation in item.items():
            for status, response in operation.get("responses", {}).items():
                for media, content in response.get("content", {}).items():
                    where = pointer("paths", template, method, "responses", status, "content", media, "schema")
                    validator = jsonschema.Draft202012Validator({"$ref": f"{base}#/{where}"}, registry=registry)
                    for name, example in content.get("examples", {}).items():
                        checked += 1
                        # The most relevant error, followed down into anyOf/allOf branches.
                        error = best_match(validator.iter_errors(example["value"]))
                        if error is not None:
                            location = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
                            problems.append(f"{operation['operationId']} {status} example '{name}': {location}: {error.message}")
    for problem in problems:
        print("jsonschema:", problem)
    print(f"jsonschema: {checked} examples checked, {len(problems)} problems")
    return 1 if problems or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
