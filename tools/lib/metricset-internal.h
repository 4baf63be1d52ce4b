/* SPDX-License-Identifier: MIT */
/*
 * The metric collection's insides, shared by the loaders of our metric
 * files (metricset.c) and of the OA metric XML files (oa-xml.c). Not
 * public API.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#ifndef INTEL_OA_LIB_METRICSET_INTERNAL_H
#define INTEL_OA_LIB_METRICSET_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "intel_oa/metrics.h"

struct ioa_rpn;
struct ioa_rpn_set;

#define NAME_BUF (INTEL_OA_NAME_MAX + 1)
#define MAX_SLOTS 256
#define MAX_METRICS 4096
#define MAX_CONSTS 4096

/* Variable ids: built-ins are 0..INTEL_OA_BI_COUNT-1, then these bases. */
#define ID_CONST 0x10000
#define ID_COUNTER 0x20000
#define ID_METRIC 0x30000

struct mconst {
	char name[NAME_BUF];
	unsigned int line;
	int has_value;
	double value;
};

struct mfile {
	char *name;
	char family[NAME_BUF];
	unsigned int family_line;
	struct mconst *consts;
	size_t n_consts;
	/* bit i: intel_oa_platform_at(i) (the "platforms" directive) */
	uint64_t platforms;
	unsigned int platforms_line;
};

struct mcounter {
	char name[NAME_BUF];
	unsigned int width;
	unsigned int line;
};

/* An OA metric XML <register_config>: used when @avail holds (NULL: always). */
struct ioa_reg_group {
	int kind;			/* enum intel_oa_reg_kind */
	struct ioa_rpn *avail;
	struct intel_oa_metric_reg *regs;
	size_t n_regs;
};

/*
 * A metric: an expression of our language (@e), or an OA metric XML
 * counter (@rpn, with IGT's types: @is_float is its data_type "float",
 * else "uint64"; @avail its availability, NULL: always).
 */
struct mmetric {
	char name[NAME_BUF];
	char unit[32];
	unsigned int line;
	struct intel_oa_expr *e;
	struct ioa_rpn *rpn;
	struct ioa_rpn *avail;
	struct ioa_rpn *max;	/* an XML counter's max_equation, or NULL */
	bool is_float;
	char *description;
};

struct intel_oa_metric_set {
	char name[NAME_BUF];
	unsigned int line;
	unsigned int col;
	struct mfile *file;
	char *description;
	char format[NAME_BUF];		/* "" = the generation's default */
	unsigned int format_line;
	struct mcounter *slots;		/* MAX_SLOTS entries, name[0] = 0: empty */
	size_t n_slots;
	struct mmetric *metrics;
	size_t n_metrics;
	struct intel_oa_metric_reg *regs[INTEL_OA_REG_KINDS];
	size_t n_regs[INTEL_OA_REG_KINDS];
	/* the configuration's uuid an XML set names ("": derived) */
	char uuid[40];
	/* an XML set's register lists, each with its availability */
	struct ioa_reg_group *groups;
	size_t n_groups;
	/* the built-ins its equations load: bit id */
	uint64_t bi_used[2];
	/* XML set: its equations as one program, each metric after those it reads */
	struct ioa_rpn_set *linked;
};

struct intel_oa_metrics {
	struct mfile **files;
	size_t n_files;
	struct intel_oa_metric_set **sets;
	size_t n_sets;
	/* a directory's "descriptions" file: name, then text, per line */
	char *desc_text;
	char **desc;		/* name at desc[2k], its text at desc[2k + 1] */
	size_t n_desc;
};

/* Free a set or file the loaders built (NULL is fine). */
void ioa_free_set(struct intel_oa_metric_set *s);
void ioa_free_file(struct mfile *mf);

/* A set of that name on one of @platforms (0: any) already in @m. */
const struct intel_oa_metric_set *
ioa_clashing_set(const struct intel_oa_metrics *m, const char *name,
		 uint64_t platforms);

/* Bit of the platform in struct mfile.platforms, or -1. */
int ioa_platform_index(const char *name);

/*
 * Add a loaded file and its sets to @m (taking them over), or free them
 * all and return -ENOMEM. @first: the sets go before those already there,
 * so lookups find them first.
 */
int ioa_metrics_append(struct intel_oa_metrics *m, struct mfile *mf,
		       struct intel_oa_metric_set **sets, size_t n_sets,
		       bool first);

/* Every metric of an XML set over one period (oa-xml.c). */
void ioa_xml_set_eval(const struct intel_oa_metric_set *s,
		      intel_oa_builtin_fn builtin, void *ctx,
		      double *values, unsigned int *flags);

#endif /* INTEL_OA_LIB_METRICSET_INTERNAL_H */
