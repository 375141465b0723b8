"""The round trip of `apicheck import-openapi`: the document a package was imported from (kept in
the package as .apicheck-import.openapi.json, a Swagger 2.0 one converted to OpenAPI 3) against
the package's own `apicheck openapi` export, compared structurally: every operation (method and
path), parameter (name, place, type, required), request body (kind and schema) and success answer
(status and schema: members, types, required-ness, enum values, oneOf/anyOf branches) must be
kept. Enum values (a `const` is a one-value enum) and a union's discriminator mapping (the
document's `mapping`, else the component names its `discriminator` implies, else the one-value
tags its branches carry) must be kept too: a value dropped, a string's all of them (any string
allowed), or one that selects another branch, is a loss. Each loss is printed; a loss the import listed on stderr as not mapped (a note at, inside or
around its place in the document; the package's .apicheck-import.notes lists each note, where
stderr gives notes saying the same at many places as one line) is allowed, any other fails.

usage: round_trip.py PACKAGE EXPORT.json IMPORT-STDERR [--swagger] [--known 'REGEX=REASON']...
--swagger: the notes point into the Swagger 2.0 document, whose places differ from the converted
one's: a loss inside an operation is allowed when the import noted anything in that operation.
--known: a loss whose place matches REGEX is a known one the import does not list yet: allowed,
and printed with REASON.
Exits 0 when every loss is listed, 1 otherwise, 2 on bad input."""
import json
import re
import sys

METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
SUCCESS = ["200", "201", "202", "203", "204", "206"]


def escape(token):
    return str(token).replace("~", "~0").replace("/", "~1")


def pointer(*tokens):
    return "#/" + "/".join(escape(t) for t in tokens)


def template_key(path):
    return re.sub(r"\{[^}]*\}", "{}", "/" + path.strip("/"))


def resolve(document, schema, seen=None):
    """The schema with its $ref followed; also the pointer it came from, when it was one."""
    where = None
    for _ in range(32):
        if not isinstance(schema, dict) or "$ref" not in schema:
            return schema, where
        where = schema["$ref"]
        node = document
        for token in where.lstrip("#").split("/")[1:]:
            token = token.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict) and token in node:
                node = node[token]
            else:
                return {}, where
        schema = node
    return {}, where


def types_of(schema):
    kind = schema.get("type")
    if isinstance(kind, list):
        return [k for k in kind if k != "null"]
    return [] if kind in (None, "null") else [kind]


def is_null(schema):
    return schema.get("type") == "null" or schema.get("enum") == [None]


def allowed_values(schema):
    """A schema's enum values, a `const` as the one value; None when it lists none."""
    if isinstance(schema.get("enum"), list):
        return [v for v in schema["enum"] if v is not None]
    if "const" in schema:
        return [schema["const"]]
    return None


def nullable(schema):
    if schema.get("nullable") or schema.get("x-nullable"):
        return True
    if isinstance(schema.get("type"), list) and "null" in schema["type"]:
        return True
    branches = schema.get("oneOf") or schema.get("anyOf") or []
    return any(is_null(b) for b in branches if isinstance(b, dict))


class Side:
    def __init__(self, document, merges_equal_branches):
        self.document = document
        # The document's author may write one branch twice (a component and its inline copy), which
        # the import declares once; the export's equal branches are a loss to see, not to merge.
        self.merges_equal_branches = merges_equal_branches

    def normal(self, schema, where):
        """(schema, where, nullable): references followed, null branches and a lone allOf taken off."""
        optional = False
        for _ in range(16):
            schema, target = resolve(self.document, schema)
            if target:
                where = target
            if not isinstance(schema, dict):
                return {}, where, optional
            optional = optional or nullable(schema)
            branches = schema.get("oneOf") or schema.get("anyOf")
            if branches:
                # Branches that say the same thing (a component and its inline copy) count once.
                other = self.branches(schema)
                if len(other) == 1:
                    keyword = "oneOf" if "oneOf" in schema else "anyOf"
                    where = f"{where}/{keyword}/{branches.index(other[0])}"
                    schema = other[0]
                    continue
            if len(schema.get("allOf", [])) == 1 and not schema.get("properties"):
                where = f"{where}/allOf/0"
                schema = schema["allOf"][0]
                continue
            return schema, where, optional
        return schema, where, optional

    def members(self, schema):
        """Properties and required, allOf merged: a later member's property replaces an earlier
        one, or narrows it when it has no type of its own (as the import merges them)."""
        properties = {}
        required = set(schema.get("required", []))

        def merge(name, value):
            earlier = properties.get(name)
            structural = {"type", "$ref", "properties", "items", "allOf", "oneOf", "anyOf", "additionalProperties"}
            if isinstance(earlier, dict) and isinstance(value, dict) and value and not structural & set(value):
                properties[name] = {**earlier, **value}
            else:
                properties[name] = value

        for part in schema.get("allOf", []):
            part, _ = resolve(self.document, part)
            if isinstance(part, dict):
                inner, inner_required = self.members(part)
                for name, value in inner.items():
                    merge(name, value)
                required |= inner_required
        for name, value in schema.get("properties", {}).items():
            merge(name, value)
        return properties, required

    def canonical(self, schema, depth=0):
        """The schema with references followed and words for people dropped: two branches that
        say the same thing in other words (a component and its inline copy) compare equal."""
        schema, _ = resolve(self.document, schema)
        if depth > 8 or not isinstance(schema, dict):
            return json.dumps(schema, sort_keys=True)
        kept = {}
        for key, value in schema.items():
            if key in ("title", "description", "examples", "example", "default"):
                continue
            if isinstance(value, dict):
                value = self.canonical(value, depth + 1) if key != "properties" else \
                    {k: self.canonical(v, depth + 1) for k, v in value.items()}
            elif isinstance(value, list) and key in ("oneOf", "anyOf", "allOf", "prefixItems"):
                value = [self.canonical(v, depth + 1) for v in value]
            kept[key] = value
        return json.dumps(kept, sort_keys=True)

    def branches(self, schema):
        """A union's branches other than null, each distinct one once; a discriminated union's
        all, as its discriminator's values tell apart branches of one shape."""
        found, seen = [], set()
        for branch in schema.get("oneOf") or schema.get("anyOf") or []:
            if is_null(resolve(self.document, branch)[0]):
                continue
            if schema.get("discriminator") or not self.merges_equal_branches:
                found.append(branch)
                continue
            key = self.canonical(branch)
            if key not in seen:
                seen.add(key)
                found.append(branch)
        return found

    def mapping(self, schema, branches):
        """A union's discriminator values, each with the index in `branches` of the branch it
        selects: the `mapping` (a reference or a bare component name), else, with a
        `discriminator`, each referenced branch's component name; else the values of a property
        every branch allows one value of (a tagged union). None when there are none."""
        discriminator = schema.get("discriminator")
        prefix = "#/components/schemas/"

        def index_of(target):
            reference = target if target.startswith("#") else prefix + target
            for index, branch in enumerate(branches):
                if isinstance(branch, dict) and branch.get("$ref") == reference:
                    return index
            return None

        if isinstance(discriminator, dict):
            found = {}
            explicit = discriminator.get("mapping")
            if isinstance(explicit, dict) and explicit:
                for value, target in explicit.items():
                    if isinstance(target, str) and index_of(target) is not None:
                        found[value] = index_of(target)
                return found or None
            for index, branch in enumerate(branches):
                reference = branch.get("$ref", "") if isinstance(branch, dict) else ""
                if reference.startswith(prefix):
                    found[reference[len(prefix):]] = index
            return found or None
        resolved = [resolve(self.document, branch)[0] for branch in branches]
        if len(resolved) < 2 or not all(isinstance(b, dict) for b in resolved):
            return None
        for name in (resolved[0].get("properties") or {}):
            values = []
            for branch in resolved:
                prop = (branch.get("properties") or {}).get(name)
                prop = resolve(self.document, prop)[0] if isinstance(prop, dict) else None
                allowed = allowed_values(prop) if isinstance(prop, dict) else None
                if not allowed or len(allowed) != 1 or not isinstance(allowed[0], str):
                    break
                values.append(allowed[0])
            else:
                if len(set(values)) == len(values):
                    return {value: index for index, value in enumerate(values)}
        return None

    def kind(self, schema):
        branches = self.branches(schema) if (schema.get("oneOf") or schema.get("anyOf")) else None
        if branches and len(branches) > 1:
            kinds = {self.kind(resolve(self.document, b)[0]) for b in branches}
            # Two strings (a uuid or a name) are a string; a branch of every JSON type is any value.
            if len(kinds) == 1 and kinds <= {"string", "integer", "number", "boolean"}:
                return kinds.pop()
            if {"string", "boolean", "array"} <= kinds and kinds & {"integer", "number"} and kinds & {"object", "map"}:
                return "any"
            # Objects of any members each (a free-form object and Pydantic's empty `BaseModel`) are
            # one map of anything to the import.
            if kinds == {"map"} and all(self.kind(self.normal(resolve(self.document, b)[0].get("additionalProperties", {}), "")[0]) == "any"
                                        for b in branches):
                return "map"
            return "union"
        if schema.get("properties") or schema.get("allOf"):
            return "object"
        kinds = types_of(schema)
        if len(kinds) > 1:
            return "union"
        if not kinds:
            return "map" if isinstance(schema.get("additionalProperties"), dict) else "any"
        if kinds[0] == "object":
            # An object without properties takes any members: a map, as the import declares it.
            return "map"
        return kinds[0]


class RoundTrip:
    def __init__(self, kept, exported):
        self.input = Side(kept, merges_equal_branches=True)
        self.export = Side(exported, merges_equal_branches=False)
        self.losses = []
        self.counts = {"operations": 0, "parameters": 0, "bodies": 0, "answers": 0, "fields": 0}

    def loss(self, where, what, message):
        # A component's loss is met through every operation using it: listed once.
        if not any(w == where and m == message for w, _, m in self.losses):
            self.losses.append((where, what, message))

    def schema(self, a, b, where, what, stack=()):
        a, where, _ = self.input.normal(a, where)
        b, _, _ = self.export.normal(b, "")
        key = (id(a), id(b))
        if key in stack:
            return
        stack = stack + (key,)
        ka, kb = self.input.kind(a), self.export.kind(b)
        if ka == "any":
            return
        if ka != kb:
            self.loss(where, what, f"{ka} became {kb}")
            return
        if ka == "object":
            pa, ra = self.input.members(a)
            pb, rb = self.export.members(b)
            for name, value in pa.items():
                self.counts["fields"] += 1
                place, shown = f"{where}/properties/{escape(name)}", f"{what}.{name}"
                if name not in pb:
                    self.loss(place, shown, "member dropped")
                    continue
                value_nullable = self.input.normal(value, place)[2]
                if name in ra and not value_nullable and name not in rb:
                    self.loss(place, shown, "required became optional")
                if name not in ra and name in rb:
                    self.loss(place, shown, "optional became required")
                self.schema(value, pb[name], place, shown, stack)
        elif ka == "array":
            self.schema(a.get("items", {}), b.get("items", {}), f"{where}/items", f"{what}[*]", stack)
        elif ka == "map":
            self.schema(a.get("additionalProperties", {}), b.get("additionalProperties", {}),
                        f"{where}/additionalProperties", f"{what}.*", stack)
        elif ka == "union":
            def branches(side, schema):
                if schema.get("oneOf") or schema.get("anyOf"):
                    return side.branches(schema)
                return [{"type": t} for t in types_of(schema)]
            ba, bb = branches(self.input, a), branches(self.export, b)
            if len(ba) != len(bb):
                self.loss(where, what, f"{len(ba)} branches became {len(bb)}")
                return
            keyword = "oneOf" if "oneOf" in a else "anyOf"
            for index, (x, y) in enumerate(zip(ba, bb)):
                self.schema(x, y, f"{where}/{keyword}/{index}", f"{what}<branch {index + 1}>", stack)
            # The export's discriminator read as a reader reads it: without a `mapping`, its values
            # are the branches' component names, which are seldom the document's values.
            ma, mb = self.input.mapping(a, ba), self.export.mapping(b, bb)
            if ma and not mb:
                self.loss(f"{where}/discriminator", what, "the discriminator's values dropped")
            elif ma and mb:
                for value, index in ma.items():
                    if value not in mb:
                        self.loss(f"{where}/discriminator", what, f"discriminator value {value!r} dropped from the mapping")
                    elif mb[value] != index:
                        self.loss(f"{where}/discriminator", what,
                                  f"discriminator value {value!r} selected branch {index + 1}, became branch {mb[value] + 1}")
        elif ka in ("string", "integer", "number", "boolean") and allowed_values(a):
            kept = allowed_values(b)
            missing = [v for v in allowed_values(a) if v not in (kept or [])]
            # A string enum is a Swift enum that states its values; an integer's or a bool's values
            # are a type's (`Int`), as the import declares them, and compared only where both list them.
            if kept is None and ka == "string":
                self.loss(where, what, f"enum values {allowed_values(a)} dropped: any string allowed")
            elif kept is not None and missing:
                self.loss(where, what, f"enum values {missing} dropped")
        if ka == "integer" and a.get("format") == "int64" and b.get("format") != "int64":
            self.loss(where, what, "int64 became a narrower integer")

    def operations(self, document):
        found = {}
        for path, item in document.get("paths", {}).items():
            shared = item.get("parameters", [])
            for method in METHODS:
                if isinstance(item.get(method), dict):
                    found[(method, template_key(path))] = (path, item[method], shared)
        return found

    def parameters(self, side, operation, shared, where_operation, where_path):
        result = {}
        for index, parameter in enumerate(shared):
            resolved, _ = resolve(side.document, parameter)
            result[(resolved.get("in"), resolved.get("name"))] = (resolved, f"{where_path}/parameters/{index}")
        for index, parameter in enumerate(operation.get("parameters", [])):
            resolved, _ = resolve(side.document, parameter)
            result[(resolved.get("in"), resolved.get("name"))] = (resolved, f"{where_operation}/parameters/{index}")
        return result

    @staticmethod
    def json_content(content):
        for media, value in (content or {}).items():
            base = media.split(";")[0].strip().lower()
            if base == "application/json" or base.endswith("+json") or base == "*/*":
                return media, value
        return None, None

    def run(self):
        mine = self.operations(self.input.document)
        theirs = self.operations(self.export.document)
        for key, (path, operation, shared) in mine.items():
            self.counts["operations"] += 1
            where = pointer("paths", path, key[0])
            shown = f"{key[0].upper()} {path}"
            if key not in theirs:
                self.loss(where, shown, "operation dropped")
                continue
            _, exported, exported_shared = theirs[key]
            ours = self.parameters(self.input, operation, shared, where, pointer("paths", path))
            its = self.parameters(self.export, exported, exported_shared, "", "")
            for (place, name), (parameter, at) in ours.items():
                self.counts["parameters"] += 1
                what = f"{shown} {place} parameter {name}"
                counterpart = its.get((place, name))
                if counterpart is None and place == "header":
                    counterpart = next((v for (p, n), v in its.items() if p == place and n.lower() == name.lower()), None)
                if counterpart is None:
                    self.loss(at, what, "parameter dropped")
                    continue
                required = bool(parameter.get("required")) or place == "path"
                if required != (bool(counterpart[0].get("required")) or place == "path"):
                    self.loss(at, what, f"required {required} became {not required}")
                self.schema(parameter.get("schema", {}), counterpart[0].get("schema", {}), f"{at}/schema", what)
            body, _ = resolve(self.input.document, operation.get("requestBody"))
            if isinstance(body, dict) and body.get("content"):
                self.counts["bodies"] += 1
                at = f"{where}/requestBody"
                exported_body, _ = resolve(self.export.document, exported.get("requestBody"))
                if not isinstance(exported_body, dict) or not exported_body.get("content"):
                    self.loss(at, f"{shown} request body", "body dropped")
                else:
                    media, content = self.json_content(body["content"])
                    if media is None:
                        media = next((m for m in body["content"]
                                      if m.startswith(("application/x-www-form-urlencoded", "multipart/form-data"))), None)
                        if media is None:
                            # A file sent as the body (an image, application/octet-stream).
                            media = next((m for m in body["content"] if not m.startswith("text/") and "xml" not in m), None)
                        content = body["content"].get(media) if media else None
                    exported_media = media if media in exported_body["content"] else None
                    if exported_media is None:
                        exported_media, _ = self.json_content(exported_body["content"]) if media and "json" in media else (None, None)
                    if content is None:
                        self.loss(f"{at}/content", f"{shown} request body", f"content {list(body['content'])} not kept")
                    elif exported_media is None:
                        self.loss(f"{at}/content/{escape(media)}", f"{shown} request body", f"{media} became {list(exported_body['content'])}")
                    else:
                        self.schema(content.get("schema", {}), exported_body["content"][exported_media].get("schema", {}),
                                    f"{at}/content/{escape(media)}/schema", f"{shown} request body $")
            responses = operation.get("responses", {})
            # A websocket route's only answer, its handshake's 101, is its success, as the import reads it.
            status = next((s for s in SUCCESS + [k for k in responses if k.startswith("2")] + ["2XX", "default", "101"]
                           if s in responses), None)
            if status is None:
                continue
            self.counts["answers"] += 1
            at = f"{where}/responses/{status}"
            exported_status = "200" if status in ("2XX", "default") else status
            exported_answer = exported.get("responses", {}).get(exported_status)
            if exported_answer is None:
                self.loss(at, f"{shown} response {status}", f"success status became {list(exported.get('responses', {}))}")
                continue
            answer, _ = resolve(self.input.document, responses[status])
            media, content = self.json_content(answer.get("content"))
            if content is None:
                continue
            exported_media, exported_content = self.json_content(exported_answer.get("content"))
            if exported_content is None:
                self.loss(f"{at}/content", f"{shown} response {status}", "JSON body dropped")
                continue
            self.schema(content.get("schema", {}), exported_content.get("schema", {}),
                        f"{at}/content/{escape(media)}/schema", f"{shown} response {status} $")


def listed(where, notes, swagger):
    for note_where, message in notes:
        if where.startswith(note_where) or note_where.startswith(where):
            return note_where, message
        if swagger:
            operation = "/".join(where.split("/")[:4])
            if where.startswith("#/paths/") and note_where.startswith(operation + "/"):
                return note_where, message
    return None


def main(arguments):
    swagger = "--swagger" in arguments
    arguments = [a for a in arguments if a != "--swagger"]
    known = []
    while "--known" in arguments:
        index = arguments.index("--known")
        if index + 1 >= len(arguments) or "=" not in arguments[index + 1]:
            print(__doc__, file=sys.stderr)
            return 2
        pattern, reason = arguments[index + 1].split("=", 1)
        known.append((re.compile(pattern), reason))
        del arguments[index:index + 2]
    if len(arguments) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    package, export, stderr = arguments
    with open(f"{package}/.apicheck-import.openapi.json", encoding="utf-8") as handle:
        kept = json.load(handle)
    with open(export, encoding="utf-8") as handle:
        exported = json.load(handle)
    notes = []
    with open(stderr, encoding="utf-8") as handle:
        for line in handle:
            found = re.match(r"^apicheck import-openapi: not mapped: (#\S*): (.*)$", line.rstrip("\n"))
            if found:
                notes.append((found.group(1).rstrip(":"), found.group(2)))
    # Stderr gives notes that say the same at many places as one line; the package lists each.
    try:
        with open(f"{package}/.apicheck-import.notes", encoding="utf-8") as handle:
            for line in handle:
                found = re.match(r"^not mapped: (#\S*): (.*)$", line.rstrip("\n"))
                if found:
                    notes.append((found.group(1).rstrip(":"), found.group(2)))
    except FileNotFoundError:
        pass
    trip = RoundTrip(kept, exported)
    trip.run()
    unlisted = 0
    for where, what, message in trip.losses:
        note = listed(where, notes, swagger)
        reason = next((r for p, r in known if p.search(where)), None)
        if note:
            print(f"round-trip: listed loss: {what} ({where}): {message}; the import noted {note[0]}: {note[1]}")
        elif reason:
            print(f"round-trip: known loss: {what} ({where}): {message}; {reason}")
        else:
            unlisted += 1
            print(f"round-trip: LOSS: {what} ({where}): {message}; not listed by the import")
    counts = ", ".join(f"{n} {k}" for k, n in trip.counts.items())
    print(f"round-trip: compared {counts}; {len(trip.losses)} losses, {unlisted} not listed by the import")
    return 1 if unlisted else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
