#include "CYAML.h"
#include <stdlib.h>

yaml_parser_t *cyaml_parser_new(const unsigned char *input, size_t length) {
    yaml_parser_t *parser = malloc(sizeof(yaml_parser_t));
    if (parser == NULL) return NULL;
    if (!yaml_parser_initialize(parser)) {
        free(parser);
        return NULL;
    }
    yaml_parser_set_input_string(parser, input, length);
    return parser;
}

void cyaml_parser_free(yaml_parser_t *parser) {
    if (parser == NULL) return;
    yaml_parser_delete(parser);
    free(parser);
}

int cyaml_parser_next(yaml_parser_t *parser, yaml_event_t *event) {
    return yaml_parser_parse(parser, event);
}

const char *cyaml_parser_problem(const yaml_parser_t *parser, size_t *line, size_t *column) {
    if (parser->error == YAML_NO_ERROR) return NULL;
    *line = parser->problem_mark.line + 1;
    *column = parser->problem_mark.column + 1;
    return parser->problem != NULL ? parser->problem : "unknown error";
}

int cyaml_event_kind(const yaml_event_t *event) {
    switch (event->type) {
    case YAML_SCALAR_EVENT: return CYAML_SCALAR;
    case YAML_SEQUENCE_START_EVENT: return CYAML_SEQUENCE_START;
    case YAML_SEQUENCE_END_EVENT: return CYAML_SEQUENCE_END;
    case YAML_MAPPING_START_EVENT: return CYAML_MAPPING_START;
    case YAML_MAPPING_END_EVENT: return CYAML_MAPPING_END;
    case YAML_ALIAS_EVENT: return CYAML_ALIAS;
    case YAML_DOCUMENT_END_EVENT: return CYAML_DOCUMENT_END;
    case YAML_STREAM_END_EVENT: return CYAML_STREAM_END;
    default: return CYAML_OTHER;
    }
}

const char *cyaml_scalar_value(const yaml_event_t *event, size_t *length) {
    *length = event->data.scalar.length;
    return (const char *)event->data.scalar.value;
}

int cyaml_scalar_is_plain(const yaml_event_t *event) {
    return event->data.scalar.style == YAML_PLAIN_SCALAR_STYLE || event->data.scalar.style == YAML_ANY_SCALAR_STYLE;
}

const char *cyaml_scalar_tag(const yaml_event_t *event) {
    return (const char *)event->data.scalar.tag;
}

const char *cyaml_event_anchor(const yaml_event_t *event) {
    switch (event->type) {
    case YAML_SCALAR_EVENT: return (const char *)event->data.scalar.anchor;
    case YAML_SEQUENCE_START_EVENT: return (const char *)event->data.sequence_start.anchor;
    case YAML_MAPPING_START_EVENT: return (const char *)event->data.mapping_start.anchor;
    case YAML_ALIAS_EVENT: return (const char *)event->data.alias.anchor;
    default: return NULL;
    }
}
