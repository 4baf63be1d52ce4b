// SPDX-License-Identifier: MIT
/*
 * Expression engine tests: grammar, errors with their positions, division
 * by zero, undefined inputs (Documentation/metrics.rst, "Expressions").
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "intel_oa/metrics.h"
#include "unit.h"

/* Variables of the tests: x = 2, y = 3, z = 4, u = undefined. */
static int t_resolve(void *ctx, const char *name, size_t len)
{
	static const char *const names[] = { "x", "y", "z", "u" };
	size_t i;

	(void)ctx;
	for (i = 0; i < 4; i++)
		if (strlen(names[i]) == len && !memcmp(names[i], name, len))
			return (int)i;
	return -1;
}

static double t_lookup(void *ctx, int id, unsigned int *flags)
{
	static const double vals[] = { 2, 3, 4 };

	(void)ctx;
	if (id == 3) {
		*flags |= INTEL_OA_EVAL_UNDEFINED;
		return NAN;
	}
	return vals[id];
}

/* Parse and evaluate; 0 on success. */
static int run(const char *src, double *out, unsigned int *flags,
	       struct intel_oa_parse_error *err)
{
	struct intel_oa_expr *e;
	int ret;

	ret = intel_oa_expr_parse(src, strlen(src), 1, 1, t_resolve, NULL, &e,
				  err);
	if (ret)
		return ret;
	*flags = 0;
	*out = intel_oa_expr_eval(e, t_lookup, NULL, flags);
	intel_oa_expr_free(e);
	return 0;
}

static const struct {
	const char *src;
	double value;
} good[] = {
	{ "1 + 2 * 3", 7 },
	{ "(1 + 2) * 3", 9 },
	{ "-2 * 3 + 4", -2 },
	{ "10 - 4 - 3", 3 },		/* left associative */
	{ "100 / 10 / 5", 2 },
	{ "2 * 3 % 4", 2 },		/* (2 * 3) % 4 */
	{ "2 + 3 % 4", 5 },
	{ "7 % 3", 1 },
	{ "-7 % 3", -1 },		/* fmod: the dividend's sign */
	{ "7.5 % 2", 1.5 },
	{ "-(-3)", 3 },
	{ "--3", 3 },
	{ "-3 - -3", 0 },
	{ "+5", 5 },
	{ "- 2 * - 3", 6 },
	{ "-x * y", -6 },
	{ "x * y + z", 10 },
	{ "x + y * z", 14 },
	{ "(x + y) * z", 20 },
	{ "x - y - z", -5 },
	{ "z / x / x", 1 },
	{ "1 + 2 < 4", 1 },
	{ "1 + 2 <= 2", 0 },
	{ "3 > 2", 1 },
	{ "3 >= 4", 0 },
	{ "x == 2", 1 },
	{ "x != 2", 0 },
	{ "0 || 1 && 0", 0 },		/* && binds tighter */
	{ "1 || 0 && 0", 1 },
	{ "2 && 3", 1 },
	{ "!0", 1 },
	{ "!5", 0 },
	{ "!!5", 1 },
	{ "1 ? 2 : 0 ? 3 : 4", 2 },	/* right associative */
	{ "0 ? 2 : 0 ? 3 : 4", 4 },
	{ "0 ? 2 : 1 ? 3 : 4", 3 },
	{ "1 ? 0 ? 5 : 6 : 7", 6 },
	{ "x > 1 ? x * 10 : y", 20 },
	{ "0x10 + 0X1f", 47 },
	{ "0xffffffffff", 1099511627775.0 },
	{ "0xffffffff + 1", 4294967296.0 },
	{ "0xFFFFFFFFFFFFFFFF", 18446744073709551615.0 },
	{ "0", 0 },
	{ "007", 7 },
	{ "1.5e3", 1500 },
	{ "2.", 2 },
	{ "25e-1", 2.5 },
	{ "1E+2", 100 },
	{ "min(3, 1, 2)", 1 },
	{ "max(3, 1, 2)", 3 },
	{ "max(3)", 3 },
	{ "min(x, y) + max(y, z)", 6 },
	{ "abs(-4)", 4 },
	{ "floor(2.7)", 2 },
	{ "ceil(2.1)", 3 },
	{ "floor(-2.5)", -3 },
	{ "clamp(5, 0, 3)", 3 },
	{ "clamp(-1, 0, 3)", 0 },
	{ "clamp(2, 0, 3)", 2 },
	{ "\t( ( x ) )\t", 2 },
	{ "1 + 2 # a comment", 3 },
};

static void grammar(const void *arg UNIT_UNUSED)
{
	struct intel_oa_parse_error err;
	unsigned int flags;
	double v;
	size_t i;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		int ret = run(good[i].src, &v, &flags, &err);

		UNIT_CHECK(!ret, "'%s' did not parse: %s", good[i].src,
			   err.text);
		UNIT_CHECK(v == good[i].value && !flags,
			   "'%s' = %.17g (flags %u), expected %.17g",
			   good[i].src, v, flags, good[i].value);
	}
}

static void names_and_lengths(const void *arg UNIT_UNUSED)
{
	struct intel_oa_parse_error err;
	struct intel_oa_expr *e;
	unsigned int flags = 0;
	const char *src = "x + y; ignored";

	/* only the first len bytes are parsed */
	UNIT_CHECK(!intel_oa_expr_parse(src, 5, 1, 1, t_resolve, NULL, &e,
					&err), "%s", err.text);
	UNIT_CHECK(intel_oa_expr_eval(e, t_lookup, NULL, &flags) == 5.0,
		   "x + y");
	intel_oa_expr_free(e);
	/* a newline ends the expression */
	UNIT_CHECK(!intel_oa_expr_parse("x\n+ y", 5, 1, 1, t_resolve, NULL,
					&e, &err), "%s", err.text);
	UNIT_CHECK(intel_oa_expr_eval(e, t_lookup, NULL, &flags) == 2.0,
		   "newline");
	intel_oa_expr_free(e);
	/* no resolver: names are unknown */
	UNIT_CHECK(intel_oa_expr_parse("x", 1, 1, 1, NULL, NULL, &e, &err),
		   "no resolver");
	UNIT_CHECK(!strcmp(err.text, "<expr>:1:1: unknown name 'x'"), "%s",
		   err.text);
	/* a number needs no lookup */
	UNIT_CHECK(!intel_oa_expr_parse("4", 1, 1, 1, NULL, NULL, &e, &err),
		   "number");
	UNIT_CHECK(intel_oa_expr_eval(e, NULL, NULL, NULL) == 4.0, "4");
	intel_oa_expr_free(e);
	intel_oa_expr_free(NULL);
}

static const struct {
	const char *src;
	const char *text;
} bad[] = {
	{ "", "<expr>:1:1: expected an operand, found end of line" },
	{ "   ", "<expr>:1:4: expected an operand, found end of line" },
	{ "1 +", "<expr>:1:4: expected an operand, found end of line" },
	{ "1 + * 2", "<expr>:1:5: expected an operand, found '*'" },
	{ "(1 + 2", "<expr>:1:7: expected ')', found end of line" },
	{ "(1 + 2 3", "<expr>:1:8: expected ')', found '3'" },
	{ "1 + 2)", "<expr>:1:6: unexpected ')' after the expression" },
	{ "1 2", "<expr>:1:3: unexpected '2' after the expression" },
	{ "1 ? 2", "<expr>:1:6: expected ':', found end of line" },
	{ "1 ? 2 , 3", "<expr>:1:7: expected ':', found ','" },
	{ "x ? : 1", "<expr>:1:5: expected an operand, found ':'" },
	{ "foo + 1", "<expr>:1:1: unknown name 'foo'" },
	{ "x + X", "<expr>:1:5: unknown name 'X'" },
	{ "sqrt(2)", "<expr>:1:1: unknown function 'sqrt'" },
	{ "1 + abs(1, 2)", "<expr>:1:5: 'abs' takes 1 argument" },
	{ "clamp(1)", "<expr>:1:1: 'clamp' takes 3 arguments" },
	{ "clamp(1, 2, 3, 4)", "<expr>:1:1: 'clamp' takes 3 arguments" },
	{ "min()", "<expr>:1:1: 'min' takes at least 1 argument" },
	{ "min(1,)", "<expr>:1:7: expected an operand, found ')'" },
	{ "min(1 2)", "<expr>:1:7: expected ')', found '2'" },
	{ "min + 1", "<expr>:1:1: 'min' is a function" },
	{ "12ab", "<expr>:1:1: malformed number '12ab'" },
	{ "1 + 0x", "<expr>:1:5: malformed number '0x'" },
	{ "0x1g", "<expr>:1:1: malformed number '0x1g'" },
	{ "1e+", "<expr>:1:1: malformed number '1e+'" },
	{ "1.2.3", "<expr>:1:1: malformed number '1.2.3'" },
	{ "0x10000000000000000",
	  "<expr>:1:1: number too large '0x10000000000000000'" },
	{ "1e999", "<expr>:1:1: number too large '1e999'" },
	{ "1 < 2 < 3", "<expr>:1:7: comparisons do not chain" },
	{ "1 == 2 != 3", "<expr>:1:8: comparisons do not chain" },
	{ "1 = 2", "<expr>:1:3: unexpected '=' after the expression" },
	{ "1 & 2", "<expr>:1:3: unexpected '&' after the expression" },
	{ "1 | 2", "<expr>:1:3: unexpected '|' after the expression" },
	{ "2 ^ 3", "<expr>:1:3: unexpected '^' after the expression" },
	{ "@", "<expr>:1:1: expected an operand, found '@'" },
	{ "x\t+\t)", "<expr>:1:5: expected an operand, found ')'" },
};

static void errors(const void *arg UNIT_UNUSED)
{
	struct intel_oa_parse_error err;
	unsigned int flags;
	double v;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&err, 0, sizeof(err));
		UNIT_CHECK(run(bad[i].src, &v, &flags, &err) < 0,
			   "'%s' parsed", bad[i].src);
		UNIT_CHECK(!strcmp(err.text, bad[i].text),
			   "'%s': got \"%s\", expected \"%s\"", bad[i].src,
			   err.text, bad[i].text);
	}
}

static void error_position_offsets(const void *arg UNIT_UNUSED)
{
	struct intel_oa_parse_error err;
	struct intel_oa_expr *e = NULL;

	/* the expression starts at line 7, column 20 of its file */
	UNIT_CHECK(intel_oa_expr_parse("x + )", 5, 7, 20, t_resolve, NULL, &e,
				       &err) < 0, "parsed");
	UNIT_CHECK(e == NULL, "no expression on failure");
	UNIT_EQ(err.line, 7, "line");
	UNIT_EQ(err.column, 24, "column");
	UNIT_CHECK(!strcmp(err.msg, "expected an operand, found ')'"), "%s",
		   err.msg);
	UNIT_CHECK(!strcmp(err.text,
			   "<expr>:7:24: expected an operand, found ')'"),
		   "%s", err.text);
}

static void limits(const void *arg UNIT_UNUSED)
{
	struct intel_oa_parse_error err;
	unsigned int flags;
	char *buf = malloc(20000);
	double v;
	size_t i, n = 0;

	UNIT_CHECK(buf, "malloc");
	/*
	 * The whole expression is level 1: 63 nested parentheses are fine,
	 * the 64th opens level 65.
	 */
	for (i = 0; i < 63; i++)
		buf[n++] = '(';
	buf[n++] = '1';
	for (i = 0; i < 63; i++)
		buf[n++] = ')';
	buf[n] = '\0';
	if (run(buf, &v, &flags, &err) || v != 1.0) {
		free(buf);
		UNIT_CHECK(0, "63 parentheses: %s", err.text);
	}
	n = 0;
	for (i = 0; i < 64; i++)
		buf[n++] = '(';
	buf[n++] = '1';
	buf[n] = '\0';
	if (!run(buf, &v, &flags, &err) ||
	    strcmp(err.text, "<expr>:1:65: expression nested too deeply")) {
		free(buf);
		UNIT_CHECK(0, "64 parentheses: %s", err.text);
	}
	/* unary minus nests too */
	n = 0;
	for (i = 0; i < 70; i++)
		buf[n++] = '-';
	buf[n++] = '1';
	buf[n] = '\0';
	if (!run(buf, &v, &flags, &err) ||
	    strcmp(err.text, "<expr>:1:64: expression nested too deeply")) {
		free(buf);
		UNIT_CHECK(0, "70 minus signs: %s", err.text);
	}
	/* 2048 terms (4095 operands and operators) parse, 2049 do not */
	n = 0;
	for (i = 0; i < 2048; i++) {
		if (i)
			buf[n++] = '+';
		buf[n++] = '1';
	}
	buf[n] = '\0';
	if (run(buf, &v, &flags, &err) || v != 2048.0) {
		free(buf);
		UNIT_CHECK(0, "2048 terms: %s", err.text);
	}
	buf[n++] = '+';
	buf[n++] = '1';
	buf[n] = '\0';
	i = (size_t)run(buf, &v, &flags, &err);
	free(buf);
	UNIT_CHECK(i, "2049 terms parsed");
	/* the 4097th node is the last '+', added at the end of the line */
	UNIT_CHECK(!strcmp(err.text, "<expr>:1:4098: expression too long "
			   "(more than 4096 operands and operators)"), "%s",
		   err.text);
}

static const struct {
	const char *src;
	double value;		/* NAN: expect NaN */
	unsigned int flags;
} nan_cases[] = {
	{ "1 / 0", NAN, INTEL_OA_EVAL_DIV_ZERO },
	{ "0 / 0", NAN, INTEL_OA_EVAL_DIV_ZERO },
	{ "5 % 0", NAN, INTEL_OA_EVAL_DIV_ZERO },
	{ "x / (y - 3)", NAN, INTEL_OA_EVAL_DIV_ZERO },
	{ "(1 / 0) * 0", NAN, INTEL_OA_EVAL_DIV_ZERO },
	{ "1 / 0 - 1 / 0", NAN, INTEL_OA_EVAL_DIV_ZERO },
	{ "min(1, 1 / 0)", NAN, INTEL_OA_EVAL_DIV_ZERO },
	{ "max(1 / 0, 1)", NAN, INTEL_OA_EVAL_DIV_ZERO },
	{ "clamp(1 / 0, 0, 1)", NAN, INTEL_OA_EVAL_DIV_ZERO },
	{ "1 / 0 < 2", NAN, INTEL_OA_EVAL_DIV_ZERO },
	{ "1 / 0 != 2", NAN, INTEL_OA_EVAL_DIV_ZERO },
	{ "!(1 / 0)", NAN, INTEL_OA_EVAL_DIV_ZERO },
	{ "1 / 0 ? 1 : 2", NAN, INTEL_OA_EVAL_DIV_ZERO },
	{ "1 && 1 / 0", NAN, INTEL_OA_EVAL_DIV_ZERO },
	{ "abs(0 % 0)", NAN, INTEL_OA_EVAL_DIV_ZERO },
	/* only what is evaluated can flag */
	{ "y == 3 ? 0 : x / (y - 3)", 0, 0 },
	{ "0 && 1 / 0", 0, 0 },
	{ "1 || 1 / 0", 1, 0 },
	{ "1 ? 5 : 1 / 0", 5, 0 },
	/* undefined inputs */
	{ "u", NAN, INTEL_OA_EVAL_UNDEFINED },
	{ "u * 0", NAN, INTEL_OA_EVAL_UNDEFINED },
	{ "u / 0", NAN, INTEL_OA_EVAL_UNDEFINED | INTEL_OA_EVAL_DIV_ZERO },
	{ "0 ? u : 1", 1, 0 },
	/* overflow is infinity, not NaN */
	{ "1e308 * 10", INFINITY, 0 },
	{ "-1e308 * 10", -INFINITY, 0 },
};

static void division_by_zero_and_nan(const void *arg UNIT_UNUSED)
{
	struct intel_oa_parse_error err;
	unsigned int flags;
	double v;
	size_t i;

	for (i = 0; i < sizeof(nan_cases) / sizeof(nan_cases[0]); i++) {
		UNIT_CHECK(!run(nan_cases[i].src, &v, &flags, &err), "%s: %s",
			   nan_cases[i].src, err.text);
		if (isnan(nan_cases[i].value))
			UNIT_CHECK(isnan(v), "'%s' = %g, expected NaN",
				   nan_cases[i].src, v);
		else
			UNIT_CHECK(v == nan_cases[i].value,
				   "'%s' = %g, expected %g", nan_cases[i].src,
				   v, nan_cases[i].value);
		UNIT_EQ(flags, nan_cases[i].flags, nan_cases[i].src);
	}
	UNIT_CHECK(!strcmp(intel_oa_eval_flags_string(INTEL_OA_EVAL_DIV_ZERO),
			   "division by zero"), "div zero string");
	UNIT_CHECK(!strcmp(intel_oa_eval_flags_string(INTEL_OA_EVAL_UNDEFINED),
			   "undefined input"), "undefined string");
	UNIT_CHECK(!strcmp(intel_oa_eval_flags_string(3),
			   "division by zero, undefined input"), "both");
	UNIT_CHECK(!strcmp(intel_oa_eval_flags_string(0), ""), "none");
}

static const struct unit_test tests[] = {
	{ "expr-grammar", grammar, NULL },
	{ "expr-names-and-lengths", names_and_lengths, NULL },
	{ "expr-errors", errors, NULL },
	{ "expr-error-position-offsets", error_position_offsets, NULL },
	{ "expr-limits", limits, NULL },
	{ "expr-division-by-zero-and-nan", division_by_zero_and_nan, NULL },
};

UNIT_SUITE(expr_suite, tests);
