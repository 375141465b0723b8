#ifndef CYAML_H
#define CYAML_H

// The few entry points into libyaml's event parser the YAML reader needs, with the event's kind
// and fields read here: libyaml's enums and unions are plain C, which Swift imports as loose
// constants and nested anonymous members. No YAML is parsed by hand anywhere: libyaml does it.

#include <yaml.h>
#include <stddef.h>

enum {
    CYAML_OTHER = 0,
    CYAML_SCALAR,
    CYAML_SEQUENCE_START,
    CYAML_SEQUENCE_END,
    CYAML_MAPPING_START,
    CYAML_MAPPING_END,
    CYAML_ALIAS,
    CYAML_DOCUMENT_END,
    CYAML_STREAM_END,
};

/// A parser over `length` bytes at `input`, which must outlive it; NULL when out of memory.
yaml_parser_t *cyaml_parser_new(const unsigned char *input, size_t length);
void cyaml_parser_free(yaml_parser_t *parser);

/// The next event into `event` (release it with yaml_event_delete): 1, or 0 on a syntax error.
int cyaml_parser_next(yaml_parser_t *parser, yaml_event_t *event);

/// What the parser found wrong, and where (1-based line and column); NULL when nothing.
const char *cyaml_parser_problem(const yaml_parser_t *parser, size_t *line, size_t *column);

/// One of the CYAML_ kinds above.
int cyaml_event_kind(const yaml_event_t *event);

/// A scalar's bytes and their count.
const char *cyaml_scalar_value(const yaml_event_t *event, size_t *length);

/// 1 for a plain (unquoted) scalar, whose type its text decides; 0 for a quoted or block one.
int cyaml_scalar_is_plain(const yaml_event_t *event);

/// A scalar's explicit tag (`tag:yaml.org,2002:str`), or NULL.
const char *cyaml_scalar_tag(const yaml_event_t *event);

/// The anchor a scalar, sequence or mapping defines, or the one an alias names; NULL when none.
const char *cyaml_event_anchor(const yaml_event_t *event);

#endif
