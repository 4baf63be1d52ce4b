// SPDX-License-Identifier: MIT
/*
 * The OA metric XML files of IGT and Mesa (oa-<chipset>.xml): an importer
 * into the metric collection, and the evaluation of the sets it makes
 * (Documentation/userspace.rst, "Intel's metric files").
 *
 * Copyright (c) 2026 The intel-oa authors
 *
 * A file holds one chipset's sets:
 *
 *   <metrics ...>
 *     <set name="Render Metrics Basic Gen9" chipset="SKLGT2"
 *          symbol_name="RenderBasic" hw_config_guid="07b25942-...">
 *       <counter symbol_name="EuActive" data_type="float" units="percent"
 *                description="..." equation="A 7 READ ... FDIV"
 *                availability="$SliceMask 0x01 AND" ... />
 *       <register_config type="NOA" availability="...">
 *         <register type="NOA" address="0x00009888" value="0x..." />
 *       </register_config>
 *     </set>
 *   </metrics>
 *
 * Each <set> becomes a metric set named by its symbol_name, each <counter>
 * a metric named by its symbol_name whose equation is evaluated as IGT's
 * generated C evaluates it (rpn.c), and the NOA, OA (boolean) and FLEX
 * register lists the set's configuration. What depends on the device (a
 * counter's or register list's availability, the device variables) is
 * decided when the set is used, from the built-ins of its period.
 */
#include <ctype.h>
#include <stdbool.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "intel_oa/metrics.h"
#include "metricset-internal.h"
#include "rpn.h"
#include "xml.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * The chipset attribute of Intel's files that covers each row of the
 * platform table (its MESA column; NULL where no file does).
 */
static const struct {
	const char *name;
	const char *chipset;
} row_chipsets[] = {
#define INTEL_OA_PLATFORM(id_, name_, devid_, family_, i915_, part_, \
			  mesa_, ...) \
	{ (name_), (mesa_) },
#include "intel_oa_platforms.h"
};

/*
 * Chipsets of Intel's files that no virtual part has: their sets load for
 * no platform. Meteor Lake-U with up to 64 EUs (Mesa: up to 64 EUs the
 * GT1/GT2 file, up to 128 the GT2/GT3 one).
 */
static const char *const chipsets_without_row[] = { "MTLGT2" };

/* The device variables (IGT's codegen.py hw_vars) and our built-ins. */
static const struct {
	const char *name;
	int id;
} hw_vars[] = {
	{ "EuCoresTotalCount", INTEL_OA_BI_EU_COUNT },
	{ "EuSlicesTotalCount", INTEL_OA_BI_SLICE_COUNT },
	{ "EuSubslicesTotalCount", INTEL_OA_BI_SUBSLICE_COUNT },
	{ "EuDualSubslicesTotalCount", INTEL_OA_BI_SUBSLICE_COUNT },
	{ "EuThreadsCount", INTEL_OA_BI_EU_THREADS },
	{ "SliceMask", INTEL_OA_BI_SLICE_MASK },
	{ "SubsliceMask", INTEL_OA_BI_SUBSLICE_MASK },
	{ "DualSubsliceMask", INTEL_OA_BI_SUBSLICE_MASK },
	{ "GpuTimestampFrequency", INTEL_OA_BI_CS_TS_FREQ },
	{ "GpuMinFrequency", INTEL_OA_BI_GPU_FREQ_MIN },
	{ "GpuMaxFrequency", INTEL_OA_BI_GPU_FREQ_MAX },
	{ "SkuRevisionId", INTEL_OA_BI_REVISION },
	{ "QueryMode", INTEL_OA_BI_QUERY_MODE },
	/* the Xe names of Intel's newer files (Meteor Lake, Arrow Lake) */
	{ "VectorEngineTotalCount", INTEL_OA_BI_EU_COUNT },
	{ "VectorEngineThreadsCount", INTEL_OA_BI_EU_THREADS },
	{ "VectorEnginePerXeCoreCount", INTEL_OA_BI_SUBSLICE_COUNT },
	{ "XeCoreTotalCount", INTEL_OA_BI_SUBSLICE_COUNT },
	{ "SliceTotalCount", INTEL_OA_BI_SLICE_COUNT },
	{ "GtSliceMask", INTEL_OA_BI_SLICE_MASK },
	{ "GtSubsliceMask", INTEL_OA_BI_SUBSLICE_MASK },
	{ "GtDualSubsliceMask", INTEL_OA_BI_SUBSLICE_MASK },
	/* IGT maps both XeCore masks to the slice mask */
	{ "GtXeCoreMask", INTEL_OA_BI_SLICE_MASK },
	{ "XeCoreMask", INTEL_OA_BI_SLICE_MASK },
};

/*
 * IGT's presence predicates (codegen.py resolve_variable()): $GtSlice<s>
 * is slice s of the topology, $GtSlice<s>DualSubslice<c> and
 * $GtSlice<s>XeCore<c> its subslice c (intel_perf_devinfo_slice_ and
 * _subslice_available()), 1 or 0. Written out as equations over the
 * masks IGT builds (bit s, and bit s * 8 + c from Gen11 on, so c < 8):
 * "$SliceMask s >> 1 AND", "$SubsliceMask s*8+c >> 1 AND". Returns a
 * malloc()ed copy of @src with every such token replaced, or NULL.
 */
static char *expand_gt_vars(const char *src)
{
	size_t len = strlen(src), cap = len + 1, n = 0;
	char *out = malloc(cap), *grown;
	const char *p = src;

	while (out && *p) {
		unsigned int s, c, used = 0;
		char rep[48];
		size_t rl;

		rep[0] = '\0';
		if (sscanf(p, "$GtSlice%u%n", &s, &used) == 1 && used) {
			const char *q = p + used;
			unsigned int more = 0;

			if ((sscanf(q, "XeCore%u%n", &c, &more) == 1 ||
			     sscanf(q, "DualSubslice%u%n", &c, &more) == 1) &&
			    more && c < 8 && s < 8) {
				snprintf(rep, sizeof(rep), "$SubsliceMask %u >> 1 AND",
					 s * 8 + c);
				used += more;
			} else if (!isalnum((unsigned char)*q) && s < 64) {
				snprintf(rep, sizeof(rep), "$SliceMask %u >> 1 AND", s);
			}
		}
		if (!rep[0]) {
			out[n++] = *p++;
			continue;
		}
		rl = strlen(rep);
		if (n + rl + (len - (size_t)(p - src)) + 1 > cap) {
			cap = n + rl + len + 1;
			grown = realloc(out, cap);
			if (!grown) {
				free(out);
				return NULL;
			}
			out = grown;
		}
		memcpy(out + n, rep, rl);
		n += rl;
		p += used;
	}
	if (out)
		out[n] = '\0';
	return out;
}

/* Visit states of the ordering of a set's metrics. */
enum { M_NONE, M_BUSY, M_DONE };

/* A <counter> or <register_config>, kept until its set is complete. */
struct pending {
	char *equation;
	char *availability;
	char *max_equation;
	unsigned int line, column;
};

struct xml_loader {
	const char *file;
	struct intel_oa_parse_error *err;
	const struct intel_oa_metrics *m;
	struct ioa_xml_pos pos;
	struct mfile *mf;
	struct intel_oa_metric_set **sets;
	size_t n_sets;
	struct intel_oa_metric_set *cur;	/* open <set> */
	struct pending *pend;			/* one per metric of cur */
	size_t n_pend;
	int group;				/* open <register_config>, -1 */
	bool in_metrics;
	int failed;
};

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int xerr(struct xml_loader *xl, unsigned int line,
		unsigned int column, const char *fmt, ...)
{
	va_list ap;

	if (!xl->err)
		return -EINVAL;
	xl->err->line = line;
	xl->err->column = column;
	va_start(ap, fmt);
	vsnprintf(xl->err->msg, sizeof(xl->err->msg), fmt, ap);
	va_end(ap);
	snprintf(xl->err->text, sizeof(xl->err->text), "%s:%u:%u: %s",
		 xl->file, line, column, xl->err->msg);
	return -EINVAL;
}

#define HERE(xl) (xl)->pos.line, (xl)->pos.column

static const char *attr(const struct ioa_xml_attr *a, size_t n,
			const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(a[i].name, name))
			return a[i].value;
	return NULL;
}

static int need(struct xml_loader *xl, const struct ioa_xml_attr *a,
		size_t n, const char *elem, const char *name,
		const char **out)
{
	*out = attr(a, n, name);
	if (!*out || !**out)
		return xerr(xl, HERE(xl), "<%s> without %s", elem, name);
	return 0;
}

static bool clashing_xml_set(const struct intel_oa_metrics *m,
				 const char *name, uint64_t platforms)
{
	size_t i;

	for (i = 0; i < intel_oa_metrics_set_count(m); i++) {
		const struct intel_oa_metric_set *s =
			intel_oa_metrics_set_at(m, i);

		if (s->uuid[0] && !strcmp(s->name, name) &&
		    (s->file->platforms & platforms))
			return true;
	}
	return false;
}

static bool is_symbol(const char *s)
{
	size_t i;

	if (!s[0] || strlen(s) > INTEL_OA_NAME_MAX ||
	    !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z') ||
	      s[0] == '_'))
		return false;
	for (i = 1; s[i]; i++)
		if (!((s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= 'a' && s[i] <= 'z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
			return false;
	return true;
}

/*
 * Append @name to the list in @buf; a GT variant of the name before it
 * (SKLGT3 after SKLGT2) adds its digit only ("SKLGT2/3"), so the list fits
 * an error message.
 */
static void append_name(char *buf, size_t size, size_t *len,
			const char **prev, const char *name)
{
	size_t n = strlen(name);
	bool variant = n > 3 && isdigit((unsigned char)name[n - 1]) &&
		!strncmp(name + n - 3, "GT", 2) && *prev &&
		strlen(*prev) == n && !strncmp(*prev, name, n - 1);

	if (*len < size)
		*len += snprintf(buf + *len, size - *len, "%s%s",
				 variant ? "/" : *len ? " " : "",
				 variant ? name + n - 1 : name);
	*prev = name;
}

static int chipset_platforms(struct xml_loader *xl, const char *chipset,
			     uint64_t *mask)
{
	const char *prev = NULL;
	char known[160];
	size_t i, k, len = 0;
	bool found = false;

	*mask = 0;
	for (i = 0; i < ARRAY_SIZE(row_chipsets); i++) {
		int idx;

		if (!row_chipsets[i].chipset ||
		    strcasecmp(row_chipsets[i].chipset, chipset))
			continue;
		found = true;
		idx = ioa_platform_index(row_chipsets[i].name);
		if (idx >= 0)
			*mask |= 1ull << idx;
	}
	for (i = 0; i < ARRAY_SIZE(chipsets_without_row); i++)
		if (!strcasecmp(chipsets_without_row[i], chipset))
			found = true;
	if (found)
		return 0;
	/* every chipset name the table knows, once, in table order */
	known[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(row_chipsets); i++) {
		const char *c = row_chipsets[i].chipset;

		for (k = 0; c && k < i; k++)
			if (row_chipsets[k].chipset &&
			    !strcmp(row_chipsets[k].chipset, c))
				c = NULL;
		if (c)
			append_name(known, sizeof(known), &len, &prev, c);
	}
	for (i = 0; i < ARRAY_SIZE(chipsets_without_row); i++)
		append_name(known, sizeof(known), &len, &prev,
			    chipsets_without_row[i]);
	return xerr(xl, HERE(xl), "chipset '%s' is none this tool knows (%s)",
		    chipset, known);
}

static int open_set(struct xml_loader *xl, const struct ioa_xml_attr *a,
		    size_t n)
{
	const char *sym, *chipset, *guid, *title;
	struct intel_oa_metric_set *s, **ns;
	uint64_t mask = 0;
	int ret;

	if ((ret = need(xl, a, n, "set", "symbol_name", &sym)) ||
	    (ret = need(xl, a, n, "set", "chipset", &chipset)) ||
	    (ret = need(xl, a, n, "set", "hw_config_guid", &guid)))
		return ret;
	if (!is_symbol(sym))
		return xerr(xl, HERE(xl), "set symbol_name '%s' is not a name of at most %d letters, digits and '_'",
			    sym, INTEL_OA_NAME_MAX);
	if (strlen(guid) != 36)
		return xerr(xl, HERE(xl), "hw_config_guid '%s' is not a uuid", guid);
	ret = chipset_platforms(xl, chipset, &mask);
	if (ret)
		return ret;
	if (!xl->mf->family[0]) {
		size_t i;

		snprintf(xl->mf->family, sizeof(xl->mf->family), "%s", chipset);
		for (i = 0; xl->mf->family[i]; i++)
			if (xl->mf->family[i] >= 'A' && xl->mf->family[i] <= 'Z')
				xl->mf->family[i] += 'a' - 'A';
		xl->mf->platforms = mask;
		xl->mf->family_line = xl->pos.line;
		xl->mf->platforms_line = xl->pos.line;
	} else if (xl->mf->platforms != mask) {
		return xerr(xl, HERE(xl), "set %s is for chipset %s, an earlier set of the file for another",
			    sym, chipset);
	}
	/*
	 * Intel's set goes before ours: on its chipset's platforms a set of
	 * ours of the same name (TestOa) is found after it, if at all.
	 * Two Intel files for one platform would be ambiguous.
	 */
	if (clashing_xml_set(xl->m, sym, mask))
		return xerr(xl, HERE(xl), "set %s is already loaded from another OA metric file for one of chipset %s's platforms",
			    sym, chipset);
	for (n = 0; n < xl->n_sets; n++)
		if (!strcmp(xl->sets[n]->name, sym))
			return xerr(xl, HERE(xl), "set %s twice in the file", sym);
	s = calloc(1, sizeof(*s));
	ns = realloc(xl->sets, (xl->n_sets + 1) * sizeof(*ns));
	if (ns)
		xl->sets = ns;
	if (!s || !ns) {
		free(s);
		return -ENOMEM;
	}
	snprintf(s->name, sizeof(s->name), "%s", sym);
	snprintf(s->uuid, sizeof(s->uuid), "%s", guid);
	s->line = xl->pos.line;
	s->col = xl->pos.column;
	s->file = xl->mf;
	title = attr(a, n, "name");
	if (title) {
		s->description = strdup(title);
		if (!s->description) {
			free(s);
			return -ENOMEM;
		}
	}
	xl->sets[xl->n_sets++] = s;
	xl->cur = s;
	return 0;
}

/* "percent" is the "%" the rest of the tools draw on 0-100. */
static void put_unit(char *out, size_t size, const char *units)
{
	if (!units || !strcmp(units, "percent"))
		snprintf(out, size, "%s", units ? "%" : "");
	else if (!strcmp(units, "hz"))
		snprintf(out, size, "Hz");
	else
		snprintf(out, size, "%s", units);
}

static int add_counter(struct xml_loader *xl, const struct ioa_xml_attr *a,
		       size_t n)
{
	struct intel_oa_metric_set *s = xl->cur;
	const char *sym, *type, *eq, *avail, *desc, *max;
	struct mmetric *nm;
	struct pending *np;
	size_t i;
	int ret;

	if ((ret = need(xl, a, n, "counter", "symbol_name", &sym)) ||
	    (ret = need(xl, a, n, "counter", "data_type", &type)) ||
	    (ret = need(xl, a, n, "counter", "equation", &eq)))
		return ret;
	if (!is_symbol(sym))
		return xerr(xl, HERE(xl), "counter symbol_name '%s' is not a name of at most %d letters, digits and '_'",
			    sym, INTEL_OA_NAME_MAX);
	/* IGT's perf-equations-codegen.py maps these two and no other */
	if (strcmp(type, "uint64") && strcmp(type, "float"))
		return xerr(xl, HERE(xl), "counter %s: data_type '%s' (IGT knows uint64 and float)",
			    sym, type);
	for (i = 0; i < s->n_metrics; i++)
		if (!strcmp(s->metrics[i].name, sym))
			return xerr(xl, HERE(xl), "counter %s twice in set %s",
				    sym, s->name);
	nm = realloc(s->metrics, (s->n_metrics + 1) * sizeof(*nm));
	if (nm)
		s->metrics = nm;
	np = realloc(xl->pend, (xl->n_pend + 1) * sizeof(*np));
	if (np)
		xl->pend = np;
	if (!nm || !np)
		return -ENOMEM;
	nm = &s->metrics[s->n_metrics];
	memset(nm, 0, sizeof(*nm));
	snprintf(nm->name, sizeof(nm->name), "%s", sym);
	put_unit(nm->unit, sizeof(nm->unit), attr(a, n, "units"));
	nm->line = xl->pos.line;
	nm->is_float = !strcmp(type, "float");
	desc = attr(a, n, "description");
	avail = attr(a, n, "availability");
	max = attr(a, n, "max_equation");
	np = &xl->pend[xl->n_pend];
	memset(np, 0, sizeof(*np));
	np->line = xl->pos.line;
	np->column = xl->pos.column;
	np->equation = expand_gt_vars(eq);
	np->availability = avail && avail[0] ? expand_gt_vars(avail) : NULL;
	np->max_equation = max && max[0] ? expand_gt_vars(max) : NULL;
	nm->description = desc ? strdup(desc) : NULL;
	s->n_metrics++;
	xl->n_pend++;
	if (!np->equation || (avail && avail[0] && !np->availability) ||
	    (max && max[0] && !np->max_equation) ||
	    (desc && !nm->description))
		return -ENOMEM;
	return 0;
}

static int resolve_hw(void *ctx, const char *name, size_t len, bool *f);

static int open_group(struct xml_loader *xl, const struct ioa_xml_attr *a,
		      size_t n)
{
	static const char *const kinds[INTEL_OA_REG_KINDS] = {
		[INTEL_OA_REG_MUX] = "NOA",
		[INTEL_OA_REG_BOOLEAN] = "OA",
		[INTEL_OA_REG_FLEX] = "FLEX",
	};
	struct intel_oa_metric_set *s = xl->cur;
	struct ioa_reg_group *ng, *g;
	const char *type, *avail;
	int kind, ret;

	ret = need(xl, a, n, "register_config", "type", &type);
	if (ret)
		return ret;
	for (kind = 0; kind < INTEL_OA_REG_KINDS; kind++)
		if (!strcmp(kinds[kind], type))
			break;
	if (kind == INTEL_OA_REG_KINDS)
		return xerr(xl, HERE(xl), "register_config type '%s' (NOA, OA or FLEX)",
			    type);
	ng = realloc(s->groups, (s->n_groups + 1) * sizeof(*ng));
	if (!ng)
		return -ENOMEM;
	s->groups = ng;
	g = &s->groups[s->n_groups++];
	memset(g, 0, sizeof(*g));
	g->kind = kind;
	avail = attr(a, n, "availability");
	if (avail && avail[0]) {
		char msg[128], *x = expand_gt_vars(avail);

		if (!x)
			return -ENOMEM;
		/* without counters: only device variables resolve */
		g->avail = ioa_rpn_compile(x, resolve_hw, NULL, msg,
					   sizeof(msg));
		free(x);
		if (!g->avail)
			return xerr(xl, HERE(xl), "register_config availability '%s': %s",
				    avail, msg);
	}
	xl->group = (int)s->n_groups - 1;
	return 0;
}

static int add_register(struct xml_loader *xl, const struct ioa_xml_attr *a,
			size_t n)
{
	struct ioa_reg_group *g = &xl->cur->groups[xl->group];
	const char *addr, *value;
	struct intel_oa_metric_reg *nr;
	unsigned long long av, vv;
	char *e1, *e2;
	int ret;

	if ((ret = need(xl, a, n, "register", "address", &addr)) ||
	    (ret = need(xl, a, n, "register", "value", &value)))
		return ret;
	errno = 0;
	av = strtoull(addr, &e1, 0);
	vv = strtoull(value, &e2, 0);
	if (*e1 || *e2 || errno || av > 0xffffffffull || vv > 0xffffffffull)
		return xerr(xl, HERE(xl), "register address '%s' or value '%s' is not a 32-bit number",
			    addr, value);
	nr = realloc(g->regs, (g->n_regs + 1) * sizeof(*nr));
	if (!nr)
		return -ENOMEM;
	g->regs = nr;
	g->regs[g->n_regs].addr = (uint32_t)av;
	g->regs[g->n_regs].value = (uint32_t)vv;
	g->n_regs++;
	return 0;
}

static int resolve_hw(void *ctx, const char *name, size_t len, bool *f)
{
	size_t i;

	(void)ctx;
	*f = false;
	for (i = 0; i < sizeof(hw_vars) / sizeof(hw_vars[0]); i++)
		if (strlen(hw_vars[i].name) == len &&
		    !memcmp(hw_vars[i].name, name, len))
			return hw_vars[i].id;
	return -1;
}

/* A device variable, else a counter of the set (by its symbol name). */
static int resolve(void *ctx, const char *name, size_t len, bool *f)
{
	const struct intel_oa_metric_set *s = ctx;
	int id = resolve_hw(NULL, name, len, f);
	size_t i;

	if (id >= 0)
		return id;
	for (i = 0; i < s->n_metrics; i++) {
		if (strlen(s->metrics[i].name) == len &&
		    !memcmp(s->metrics[i].name, name, len)) {
			*f = s->metrics[i].is_float;
			return ID_METRIC + (int)i;
		}
	}
	return -1;
}

struct refs {
	uint8_t *mark;
	size_t n;
};

static void mark_ref(void *ctx, int id)
{
	struct refs *r = ctx;

	if (id >= ID_METRIC && (size_t)(id - ID_METRIC) < r->n)
		r->mark[id - ID_METRIC] = 1;
}

/* Mark in @refs (@n entries) the metrics an equation reads. */
static void add_refs_of(const struct ioa_rpn *p, size_t n, uint8_t *refs)
{
	struct refs r = { .mark = refs, .n = n };

	ioa_rpn_for_each_load(p, mark_ref, &r);
}

/* Depth-first: @i after everything it reads; a cycle is an error. */
static int order_visit(struct xml_loader *xl, struct intel_oa_metric_set *s,
		       size_t i, uint8_t *state, size_t *order, size_t *n,
		       uint8_t *refs)
{
	uint8_t *mine;
	size_t j;
	int ret = 0;

	if (state[i] == M_DONE)
		return 0;
	if (state[i] == M_BUSY)
		return xerr(xl, xl->pend[i].line, xl->pend[i].column,
			    "counter %s reads itself through its equations",
			    s->metrics[i].name);
	state[i] = M_BUSY;
	mine = refs + i * s->n_metrics;
	for (j = 0; !ret && j < s->n_metrics; j++)
		if (mine[j])
			ret = order_visit(xl, s, j, state, order, n, refs);
	state[i] = M_DONE;
	order[(*n)++] = i;
	return ret;
}

/*
 * The set's equations as one program a period runs (s->linked), each
 * metric after those it reads.
 */
static int link_metrics(struct xml_loader *xl, struct intel_oa_metric_set *s)
{
	size_t n = 0, i, m = s->n_metrics;
	uint8_t *state = calloc(m, 1), *refs = calloc(m * m, 1);
	struct ioa_rpn **progs = calloc(m, sizeof(*progs));
	bool *is_float = calloc(m, sizeof(*is_float));
	size_t *order = calloc(m, sizeof(*order));
	int ret = 0;

	if (!state || !refs || !progs || !is_float || !order) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < m; i++) {
		add_refs_of(s->metrics[i].rpn, m, refs + i * m);
		progs[i] = s->metrics[i].rpn;
		is_float[i] = s->metrics[i].is_float;
	}
	for (i = 0; !ret && i < m; i++)
		ret = order_visit(xl, s, i, state, order, &n, refs);
	if (ret)
		goto out;
	/* every load is a built-in or a metric: only memory can fail */
	s->linked = ioa_rpn_link(progs, is_float, order, m, ID_METRIC);
	if (!s->linked)
		ret = -ENOMEM;
out:
	free(state);
	free(refs);
	free(progs);
	free(is_float);
	free(order);
	return ret;
}

/* </set>: every counter's equations, now that all names are known. */
static int close_set(struct xml_loader *xl)
{
	struct intel_oa_metric_set *s = xl->cur;
	size_t i;
	int ret;

	if (!s->n_metrics)
		return xerr(xl, s->line, s->col, "set %s has no counter", s->name);
	for (i = 0; i < s->n_metrics; i++) {
		struct pending *p = &xl->pend[i];
		char msg[128];

		s->metrics[i].rpn = ioa_rpn_compile(p->equation, resolve, s,
						    msg, sizeof(msg));
		if (!s->metrics[i].rpn)
			return xerr(xl, p->line, p->column, "counter %s: equation '%s': %s",
				    s->metrics[i].name, p->equation, msg);
		ioa_rpn_builtins_used(s->metrics[i].rpn, s->bi_used);
		if (p->availability) {
			s->metrics[i].avail = ioa_rpn_compile(p->availability,
							      resolve_hw, NULL,
							      msg, sizeof(msg));
			if (!s->metrics[i].avail)
				return xerr(xl, p->line, p->column, "counter %s: availability '%s': %s",
					    s->metrics[i].name, p->availability, msg);
		}
		if (p->max_equation) {
			s->metrics[i].max = ioa_rpn_compile(p->max_equation,
							    resolve, s, msg,
							    sizeof(msg));
			if (!s->metrics[i].max)
				return xerr(xl, p->line, p->column, "counter %s: max_equation '%s': %s",
					    s->metrics[i].name, p->max_equation, msg);
			ioa_rpn_builtins_used(s->metrics[i].max, s->bi_used);
		}
	}
	ret = link_metrics(xl, s);
	if (ret)
		return ret;
	for (i = 0; i < xl->n_pend; i++) {
		free(xl->pend[i].equation);
		free(xl->pend[i].availability);
		free(xl->pend[i].max_equation);
	}
	xl->n_pend = 0;
	xl->cur = NULL;
	/* intel_oa_metric_set_regs(): the lists that hold on any device */
	for (i = 0; i < s->n_groups; i++) {
		const struct ioa_reg_group *g = &s->groups[i];
		struct intel_oa_metric_reg *nr;

		if (g->avail || !g->n_regs)
			continue;
		nr = realloc(s->regs[g->kind],
			     (s->n_regs[g->kind] + g->n_regs) * sizeof(*nr));
		if (!nr)
			return -ENOMEM;
		memcpy(nr + s->n_regs[g->kind], g->regs,
		       g->n_regs * sizeof(*nr));
		s->regs[g->kind] = nr;
		s->n_regs[g->kind] += g->n_regs;
	}
	return 0;
}

static int on_start(void *ctx, const char *name,
		    const struct ioa_xml_attr *a, size_t n)
{
	struct xml_loader *xl = ctx;

	if (!xl->in_metrics) {
		if (strcmp(name, "metrics"))
			return xerr(xl, HERE(xl), "root element <%s>, not <metrics>: not an OA metric file",
				    name);
		xl->in_metrics = true;
		return 0;
	}
	if (!strcmp(name, "set")) {
		if (xl->cur)
			return xerr(xl, HERE(xl), "<set> inside <set>");
		return open_set(xl, a, n);
	}
	/* Anything else outside a set (newer files' extras) is skipped. */
	if (!xl->cur)
		return 0;
	if (!strcmp(name, "counter"))
		return xl->group < 0 ? add_counter(xl, a, n) :
		       xerr(xl, HERE(xl), "<counter> inside <register_config>");
	if (!strcmp(name, "register_config"))
		return xl->group < 0 ? open_group(xl, a, n) :
		       xerr(xl, HERE(xl), "<register_config> inside <register_config>");
	if (!strcmp(name, "register"))
		return xl->group >= 0 ? add_register(xl, a, n) :
		       xerr(xl, HERE(xl), "<register> outside <register_config>");
	return 0;
}

static int on_end(void *ctx, const char *name)
{
	struct xml_loader *xl = ctx;

	if (!strcmp(name, "register_config") && xl->cur)
		xl->group = -1;
	else if (!strcmp(name, "set") && xl->cur)
		return close_set(xl);
	return 0;
}

int intel_oa_metrics_load_oa_xml(struct intel_oa_metrics *m,
				 const char *file, const char *text,
				 size_t len, struct intel_oa_parse_error *err)
{
	static const struct ioa_xml_handler h = {
		.start = on_start,
		.end = on_end,
	};
	struct xml_loader xl = {
		.file = file ? file : "<string>",
		.err = err,
		.m = m,
		.group = -1,
	};
	char msg[160];
	size_t i;
	int ret;

	if (!m || (!text && len))
		return -EINVAL;
	if (err)
		memset(err, 0, sizeof(*err));
	xl.mf = calloc(1, sizeof(*xl.mf));
	if (!xl.mf)
		return -ENOMEM;
	xl.mf->name = strdup(xl.file);
	ret = xl.mf->name ? 0 : -ENOMEM;
	if (!ret)
		ret = ioa_xml_parse(text, len, &h, &xl, &xl.pos, msg,
				    sizeof(msg));
	/* the reader's own complaints; the callbacks wrote theirs */
	if (ret == -EINVAL && msg[0])
		xerr(&xl, HERE(&xl), "%s", msg);
	if (!ret && !xl.n_sets)
		ret = xerr(&xl, 1, 1, "no <set> in the file");
	for (i = 0; i < xl.n_pend; i++) {
		free(xl.pend[i].equation);
		free(xl.pend[i].availability);
		free(xl.pend[i].max_equation);
	}
	free(xl.pend);
	if (ret) {
		for (i = 0; i < xl.n_sets; i++)
			ioa_free_set(xl.sets[i]);
		free(xl.sets);
		ioa_free_file(xl.mf);
		return ret;
	}
	return ioa_metrics_append(m, xl.mf, xl.sets, xl.n_sets, true);
}

/* ---- evaluation -------------------------------------------------------- */


_Static_assert(INTEL_OA_BI_COUNT <= 128, "bi_used holds 128 built-ins");

/* Sets with up to this many counters are evaluated without malloc(). */
#define STACK_METRICS 256


/*
 * A counter of a struct intel_oa_oa_period straight from its accumulator,
 * as intel_oa_oa_builtin() gives it: false for anything else (or a
 * counter the format lacks, which intel_oa_oa_builtin() then declines).
 */
static bool oa_counter(const void *ctx, int id, uint64_t *v)
{
	const struct intel_oa_oa_period *op = ctx;
	const struct intel_oa_accumulator *acc = op->acc;
	int n;

	if (!acc)
		return false;
	if (id >= INTEL_OA_BI_A && id < INTEL_OA_BI_B) {
		n = id - INTEL_OA_BI_A;
		if (!(op->has_a >> n & 1))
			return false;
		*v = acc->a[n];
	} else if (id >= INTEL_OA_BI_B && id < INTEL_OA_BI_C) {
		n = id - INTEL_OA_BI_B;
		if (!(op->has_b >> n & 1))
			return false;
		*v = acc->b[n];
	} else if (id >= INTEL_OA_BI_C && id < INTEL_OA_BI_GPU_TICKS) {
		n = id - INTEL_OA_BI_C;
		if (!(op->has_c >> n & 1))
			return false;
		*v = acc->c[n];
	} else if (id == INTEL_OA_BI_GPU_TICKS && op->has_gpu_ticks) {
		*v = acc->gpu_ticks;
	} else if (id == INTEL_OA_BI_TIMESTAMP) {
		*v = acc->timestamp;
	} else {
		return false;
	}
	return true;
}

void ioa_xml_set_eval(const struct intel_oa_metric_set *s,
		      intel_oa_builtin_fn builtin, void *ctx,
		      double *values, unsigned int *flags)
{
	uint8_t ok_stack[STACK_METRICS];
	struct ioa_rpn_val val_stack[STACK_METRICS];
	/*
	 * Not zeroed (700 bytes a period): the equations load only the
	 * built-ins of bi_used, and each of those is set below.
	 */
	struct ioa_rpn_builtins env;
	bool heap = s->n_metrics > STACK_METRICS;
	struct ioa_rpn_val *val;
	uint8_t *ok;
	size_t k;
	int w;

	/* every built-in the set's equations load, once per period */
	for (w = 0; w < 2; w++) {
		uint64_t bits = s->bi_used[w];

		while (bits) {
			int id = 64 * w + __builtin_ctzll(bits);
			double d;

			bits &= bits - 1;
			env.ok[id] = 0;
			env.val[id] = 0;
			/* our own OA period's counters need no call */
			if (builtin == intel_oa_oa_builtin &&
			    oa_counter(ctx, id, &env.val[id])) {
				env.ok[id] = 1;
				continue;
			}
			if (builtin && !builtin(ctx, id, &d)) {
				/* every built-in an XML equation reads is a count */
				env.val[id] = ioa_rpn_u64(d);
				env.ok[id] = 1;
			}
		}
	}
	ok = heap ? calloc(s->n_metrics, sizeof(*ok)) : ok_stack;
	val = heap ? calloc(s->n_metrics, sizeof(*val)) : val_stack;
	if (!ok || !val) {
		for (k = 0; k < s->n_metrics; k++) {
			values[k] = NAN;
			flags[k] = INTEL_OA_EVAL_UNDEFINED;
		}
		goto out;
	}
	ioa_rpn_run_set(s->linked, &env, val, ok);
	for (k = 0; k < s->n_metrics; k++) {
		flags[k] = ok[k] ? 0 : INTEL_OA_EVAL_UNDEFINED;
		values[k] = !ok[k] ? NAN : val[k].f ? val[k].d : (double)val[k].u;
	}
out:
	if (heap) {
		free(ok);
		free(val);
	}
}

/* For availability: device variables through the caller's built-ins. */
struct avail_ctx {
	intel_oa_builtin_fn builtin;
	void *ctx;
};

static int builtin_u64(void *ctx, int id, struct ioa_rpn_val *v)
{
	const struct avail_ctx *ac = ctx;
	double d;

	if (!ac->builtin || ac->builtin(ac->ctx, id, &d))
		return -1;
	v->f = false;
	v->u = ioa_rpn_u64(d);
	v->d = 0;
	return 0;
}

/* An availability that cannot be decided (no device values) holds. */
static bool holds(const struct ioa_rpn *avail, intel_oa_builtin_fn builtin,
		  void *ctx)
{
	struct avail_ctx ac = { .builtin = builtin, .ctx = ctx };
	struct ioa_rpn_val v;

	if (!avail)
		return true;
	if (ioa_rpn_eval(avail, builtin_u64, &ac, &v))
		return true;
	return v.f ? v.d != 0 : v.u != 0;
}

bool intel_oa_metric_set_metric_available(const struct intel_oa_metric_set *s,
					  size_t i, intel_oa_builtin_fn builtin,
					  void *ctx)
{
	return i < s->n_metrics && holds(s->metrics[i].avail, builtin, ctx);
}

/* For max_equation: built-ins as availability does, metrics from @values. */
struct max_ctx {
	struct avail_ctx ac;
	const struct intel_oa_metric_set *s;
	const double *values;
};

static int max_lookup(void *ctx, int id, struct ioa_rpn_val *v)
{
	const struct max_ctx *mc = ctx;
	size_t i;
	double d;

	if (id < ID_METRIC)
		return builtin_u64((void *)&mc->ac, id, v);
	i = (size_t)(id - ID_METRIC);
	d = mc->values[i];
	if (i >= mc->s->n_metrics || isnan(d))
		return -1;
	v->f = mc->s->metrics[i].is_float;
	v->d = v->f ? d : 0;
	v->u = v->f ? 0 : ioa_rpn_u64(d);
	return 0;
}

int intel_oa_metric_set_metric_max(const struct intel_oa_metric_set *s,
				   size_t i, intel_oa_builtin_fn builtin,
				   void *ctx, const double *values,
				   double *max)
{
	struct max_ctx mc = {
		.ac = { .builtin = builtin, .ctx = ctx },
		.s = s, .values = values,
	};
	struct ioa_rpn_val v;

	if (!s || i >= s->n_metrics || !values || !max)
		return -EINVAL;
	if (s->metrics[i].e) {
		/* our files: a percentage is of a whole */
		if (strcmp(s->metrics[i].unit, "%"))
			return -ENOENT;
		*max = 100;
		return 0;
	}
	if (!s->metrics[i].max)
		return -ENOENT;
	if (ioa_rpn_eval(s->metrics[i].max, max_lookup, &mc, &v))
		return -EDOM;
	*max = v.f ? v.d : (double)v.u;
	return 0;
}

size_t intel_oa_metric_set_regs_for(const struct intel_oa_metric_set *s,
				    int kind, intel_oa_builtin_fn builtin,
				    void *ctx, struct intel_oa_metric_reg *out,
				    size_t max)
{
	size_t n = 0, g, r;

	if (!s->n_groups) {
		const struct intel_oa_metric_reg *regs =
			intel_oa_metric_set_regs(s, kind, &n);

		for (r = 0; r < n && r < max; r++)
			out[r] = regs[r];
		return n;
	}
	/* as IGT: every list of the kind whose availability holds, in order */
	for (g = 0; g < s->n_groups; g++) {
		const struct ioa_reg_group *rg = &s->groups[g];

		if (rg->kind != kind || !holds(rg->avail, builtin, ctx))
			continue;
		for (r = 0; r < rg->n_regs; r++, n++)
			if (n < max)
				out[n] = rg->regs[r];
	}
	return n;
}

const char *intel_oa_metric_set_uuid(const struct intel_oa_metric_set *s)
{
	return s->uuid[0] ? s->uuid : NULL;
}
