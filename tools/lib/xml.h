/* SPDX-License-Identifier: MIT */
/*
 * A small XML reader for the OA metric files of IGT and Mesa (oa-*.xml):
 * elements, attributes, comments, processing instructions and the five
 * predefined entities plus character references. No DTDs, namespaces or
 * encodings other than UTF-8/ASCII. Not public API.
 *
 * Copyright (c) 2026 The intel-oa authors
 */
#ifndef INTEL_OA_LIB_XML_H
#define INTEL_OA_LIB_XML_H

#include <stddef.h>

/** Deepest element nesting ioa_xml_parse() accepts. */
#define IOA_XML_MAX_DEPTH 32
/** Most attributes one element may have. */
#define IOA_XML_MAX_ATTRS 32

/**
 * struct ioa_xml_attr - one attribute, its value with entities replaced
 * @name: NUL-terminated name
 * @value: NUL-terminated value
 */
struct ioa_xml_attr {
	const char *name;
	const char *value;
};

/**
 * struct ioa_xml_handler - what to do with the elements
 * @start: an element opens; @attrs has @n entries. Return 0 to go on, or
 *	a negative errno to stop (ioa_xml_parse() returns it; the message
 *	is then the callback's to give, at the position @pos holds).
 * @end: the element @name closes (also right after @start for an empty
 *	element "<x/>"). Same return convention.
 */
struct ioa_xml_handler {
	int (*start)(void *ctx, const char *name,
		     const struct ioa_xml_attr *attrs, size_t n);
	int (*end)(void *ctx, const char *name);
};

/**
 * struct ioa_xml_pos - where the reader is, for error messages
 * @line: 1-based line of the construct being handled
 * @column: 1-based column (bytes)
 */
struct ioa_xml_pos {
	unsigned int line;
	unsigned int column;
};

/**
 * ioa_xml_parse() - read a document, calling @h for each element
 * @text: the document (need not be NUL-terminated)
 * @len: its bytes
 * @h: callbacks
 * @ctx: passed to them
 * @pos: set to the position of the element being handled while the
 *	callbacks run, and of the error after a failure
 * @msg: set to what was wrong after -EINVAL (NUL-terminated)
 * @msg_len: bytes of @msg
 *
 * Return: 0; -EINVAL for a document that is not well formed (or uses what
 * this reader does not do: a DTD); a callback's negative return;
 * -ENOMEM.
 */
int ioa_xml_parse(const char *text, size_t len,
		  const struct ioa_xml_handler *h, void *ctx,
		  struct ioa_xml_pos *pos, char *msg, size_t msg_len);

#endif /* INTEL_OA_LIB_XML_H */
