#!/usr/bin/env python3
"""Writes a large OpenAPI 3.1 document for ci/bench-import, the same bytes on every run.

usage: large_document.py OUTPUT [--operations N]   (N: a multiple of 6, 300 by default)

One resource per 6 operations (list, create, get, replace, delete, and its events), each tagged
with its resource, so the import writes one endpoint group per resource. Every resource has its
own schemas: the resource (int64 id, a string enum, a nested inline object holding an array of
inline objects, a map, nullable and optional members, references to shared schemas), a create
body (allOf of a shared base and its own members), a page of it, and an event; the shared ones
(Owner, Address, Region, PageInfo, Problem) are referenced from all of them. Parameters: path
ids (int64, with and without examples), query limits with defaults, enums, arrays (exploded or
not), headers. Half the operations have examples; the other half's mocks are made from the schema.
"""
import json
import sys

NOUNS = [
    "account", "address-book", "alert", "api-key", "artifact", "audit-log", "backup", "batch", "bill", "branch",
    "bucket", "build", "campaign", "certificate", "channel", "cluster", "comment", "contract", "coupon", "dashboard",
    "dataset", "deployment", "device", "domain", "export", "feature-flag", "file", "folder", "group", "incident",
    "invoice", "job", "label", "license", "listing", "machine", "metric", "milestone", "note", "order",
    "package", "payment", "pipeline", "plan", "policy", "project", "queue", "release", "report", "role",
    "runner", "schedule", "secret", "segment", "service", "session", "shipment", "snapshot", "subscription", "survey",
    "task", "team", "template", "ticket", "token", "topic", "upload", "vendor", "volume", "webhook",
]
STATES = [["draft", "active", "archived"], ["pending", "running", "succeeded", "failed"], ["open", "closed"],
          ["new", "in-progress", "done", "won't-fix"], ["enabled", "disabled"]]


def camel(name):
    return "".join(part.capitalize() for part in name.split("-"))


def snake(name):
    return name.replace("-", "_")


def shared_schemas():
    return {
        "Region": {"type": "string", "enum": ["eu-west", "us-east", "ap-south"], "description": "Where it is kept."},
        "Address": {
            "type": "object", "required": ["line1", "country"],
            "properties": {
                "line1": {"type": "string"}, "line2": {"type": ["string", "null"]},
                "city": {"type": "string"}, "postal_code": {"type": "string"},
                "country": {"type": "string", "minLength": 2, "maxLength": 2, "example": "FR"},
            },
        },
        "Owner": {
            "type": "object", "required": ["id", "name"],
            "properties": {
                "id": {"type": "integer", "format": "int64"}, "name": {"type": "string"},
                "email": {"type": "string", "format": "email"},
                "address": {"$ref": "#/components/schemas/Address"},
                "region": {"$ref": "#/components/schemas/Region"},
            },
        },
        "PageInfo": {
            "type": "object", "required": ["total"],
            "properties": {
                "total": {"type": "integer"}, "next": {"type": ["string", "null"], "format": "uri"},
                "previous": {"type": "string", "nullable": True},
            },
        },
        "Problem": {
            "type": "object", "required": ["title", "status"],
            "properties": {"title": {"type": "string"}, "status": {"type": "integer"}, "detail": {"type": "string"}},
        },
        "Base": {
            "type": "object", "required": ["name"],
            "properties": {"name": {"type": "string", "maxLength": 80}, "description": {"type": "string"}},
        },
    }


def resource_schemas(index, noun):
    name = camel(noun)
    states = STATES[index % len(STATES)]
    resource = {
        "type": "object",
        "description": f"A {noun.replace('-', ' ')}.",
        "required": ["id", "name", "state", "created_at", "owner"],
        "properties": {
            "id": {"type": "integer", "format": "int64", "description": "Its identifier."},
            "name": {"type": "string"},
            "state": {"type": "string", "enum": states},
            "region": {"$ref": "#/components/schemas/Region"},
            "created_at": {"type": "string", "format": "date-time"},
            "updated_at": {"type": ["string", "null"], "format": "date-time"},
            "owner": {"$ref": "#/components/schemas/Owner"},
            "labels": {"type": "array", "items": {"type": "string"}},
            "attributes": {"type": "object", "additionalProperties": {"type": "string"}},
            "score": {"type": "number"},
            "is_public": {"type": "boolean", "default": False},
            "settings": {
                "type": "object",
                "properties": {
                    "retention_days": {"type": "integer", "default": 30},
                    "notify": {"type": "boolean"},
                    "mode": {"type": "string", "enum": ["fast", "safe", f"mode-{index}"]},
                    "rules": {
                        "type": "array",
                        "items": {
                            "type": "object", "required": ["field"],
                            "properties": {
                                "field": {"type": "string"},
                                "operator": {"type": "string", "enum": ["eq", "ne", "gt", "lt"]},
                                "values": {"type": "array", "items": {"type": "string"}},
                                "weight": {"type": ["number", "null"]},
                            },
                        },
                    },
                },
            },
            "links": {
                "type": "array",
                "items": {
                    "type": "object", "required": ["rel", "href"],
                    "properties": {"rel": {"type": "string"}, "href": {"type": "string", "format": "uri"}},
                },
            },
        },
    }
    if index % 3 == 0 and index > 0:
        # Every third resource points at the previous one: references between resources.
        previous = camel(NOUNS[(index - 1) % len(NOUNS)])
        resource["properties"]["parent"] = {"$ref": f"#/components/schemas/{previous}"}
    create = {
        "allOf": [
            {"$ref": "#/components/schemas/Base"},
            {
                "type": "object", "required": ["state"],
                "properties": {
                    "state": {"type": "string", "enum": states},
                    "region": {"$ref": "#/components/schemas/Region"},
                    "labels": {"type": "array", "items": {"type": "string"}},
                    "settings_mode": {"type": "string", "enum": ["fast", "safe"]},
                },
            },
        ],
    }
    page = {
        "type": "object", "required": ["items", "page"],
        "properties": {
            "items": {"type": "array", "items": {"$ref": f"#/components/schemas/{name}"}},
            "page": {"$ref": "#/components/schemas/PageInfo"},
        },
    }
    event = {
        "type": "object", "required": ["id", "kind", "at"],
        "properties": {
            "id": {"type": "string", "format": "uuid"},
            "kind": {"type": "string", "enum": ["created", "changed", "deleted"]},
            "at": {"type": "string", "format": "date-time"},
            "actor": {"$ref": "#/components/schemas/Owner"},
            "changes": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"path": {"type": "string"}, "from": {}, "to": {}},
                },
            },
        },
    }
    return {name: resource, f"{name}Create": create, f"{name}Page": page, f"{name}Event": event}


def example_resource(index, noun, states):
    return {
        "id": 1000 + index, "name": f"{noun} {index}", "state": states[0], "region": "eu-west",
        "created_at": "2026-01-01T12:00:00Z", "updated_at": None,
        "owner": {"id": 7, "name": "Ann", "email": "ann@example.com", "region": "us-east"},
        "labels": ["a", "b"], "attributes": {"color": "blue"}, "score": 0.5, "is_public": False,
        "settings": {"retention_days": 30, "notify": True, "mode": "fast",
                     "rules": [{"field": "name", "operator": "eq", "values": ["x"], "weight": None}]},
        "links": [{"rel": "self", "href": f"https://example.com/{noun}s/{1000 + index}"}],
    }


def operations(index, noun):
    name = camel(noun)
    plural = f"/{noun}s"
    ident = f"{snake(noun)}_id"
    states = STATES[index % len(STATES)]
    ref = {"$ref": f"#/components/schemas/{name}"}
    with_examples = index % 2 == 0
    problem = {"description": "Not found", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}

    def answer(schema, example=None):
        media = {"schema": schema}
        if with_examples and example is not None:
            media["example"] = example
        return {"description": "OK", "content": {"application/json": media}}

    id_parameter = {"name": ident, "in": "path", "required": True,
                    "schema": {"type": "integer", "format": "int64"}}
    if with_examples:
        id_parameter["example"] = 1000 + index
    item = example_resource(index, noun, states)
    return {
        plural: {
            "get": {
                "operationId": f"list_{snake(noun)}s", "tags": [noun], "summary": f"Lists the {noun}s.",
                "parameters": [
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "default": 20, "maximum": 100}},
                    {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0}},
                    {"name": "state", "in": "query", "schema": {"type": "string", "enum": states}},
                    {"name": "label", "in": "query", "explode": index % 2 == 0,
                     "schema": {"type": "array", "items": {"type": "string"}}},
                    {"name": "X-Request-Id", "in": "header", "schema": {"type": "string", "format": "uuid"}},
                ],
                "responses": {
                    "200": answer({"$ref": f"#/components/schemas/{name}Page"},
                                  {"items": [item], "page": {"total": 1, "next": None}}),
                    "400": problem,
                },
            },
            "post": {
                "operationId": f"create_{snake(noun)}", "tags": [noun],
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": f"#/components/schemas/{name}Create"}}}},
                "responses": {"201": answer(ref, item), "422": problem},
            },
        },
        f"{plural}/{{{ident}}}": {
            "parameters": [id_parameter],
            "get": {
                "operationId": f"get_{snake(noun)}", "tags": [noun],
                "parameters": [{"name": "expand", "in": "query", "explode": False,
                                "schema": {"type": "array", "items": {"type": "string", "enum": ["owner", "parent"]}}}],
                "responses": {"200": answer(ref, item), "404": problem},
            },
            "put": {
                "operationId": f"replace_{snake(noun)}", "tags": [noun],
                "requestBody": {"content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}Create"},
                                                                  "example": {"name": "n", "state": states[-1]}}}},
                "responses": {"200": answer(ref, item), "404": problem},
            },
            "delete": {
                "operationId": f"delete_{snake(noun)}", "tags": [noun],
                "responses": {"204": {"description": "Deleted"}, "404": problem},
            },
        },
        f"{plural}/{{{ident}}}/events": {
            "get": {
                "operationId": f"list_{snake(noun)}_events", "tags": [noun],
                "parameters": [
                    id_parameter,
                    {"name": "since", "in": "query", "schema": {"type": "string", "format": "date-time"}},
                    {"name": "kind", "in": "query", "required": index % 4 == 0,
                     "schema": {"type": "string", "enum": ["created", "changed", "deleted"]}},
                ],
                "responses": {"200": answer({"type": "array", "items": {"$ref": f"#/components/schemas/{name}Event"}},
                                            [{"id": "3fa85f64-5717-4562-b3fc-2c963f66afa6", "kind": "created",
                                              "at": "2026-01-01T12:00:00Z", "changes": [{"path": "name", "from": None, "to": "x"}]}])},
            },
        },
    }


def document(count):
    resources = count // 6
    if resources * 6 != count or resources > len(NOUNS):
        raise SystemExit(f"large_document.py: the operation count must be a multiple of 6, at most {6 * len(NOUNS)}")
    schemas = shared_schemas()
    paths = {}
    for index, noun in enumerate(NOUNS[:resources]):
        schemas.update(resource_schemas(index, noun))
        paths.update(operations(index, noun))
    return {
        "openapi": "3.1.0",
        "info": {"title": "Large generated API", "version": "1.0.0"},
        "servers": [{"url": "https://api.example.com/v1"}],
        "security": [{"bearer": []}],
        "tags": [{"name": noun} for noun in NOUNS[:resources]],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }


def main():
    args = sys.argv[1:]
    count = 300
    if "--operations" in args:
        at = args.index("--operations")
        count = int(args[at + 1])
        del args[at:at + 2]
    if len(args) != 1:
        raise SystemExit("usage: large_document.py OUTPUT [--operations N]")
    with open(args[0], "w", encoding="utf-8") as out:
        json.dump(document(count), out, indent=1, sort_keys=False)
        out.write("\n")


if __name__ == "__main__":
    main()
