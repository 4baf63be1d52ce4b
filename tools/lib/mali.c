// SPDX-License-Identifier: MIT
/*
 * Mali Bifrost counter dumps as panfrost returns them
 * (Documentation/metrics.rst, "Mali Bifrost").
 *
 * The dump is what the GPU writes at GPU_PERFCNT_BASE on
 * GPU_CMD_PERFCNT_SAMPLE: blocks of 64 little-endian 32-bit counters,
 * the job manager's, the tiler's, one per L2 slice, then one per shader
 * core for every bit up to the highest set bit of SHADER_PRESENT (panfrost
 * sizes the buffer with fls64(), so a sparse mask's holes are dumped
 * too). Words 0..3 of a block are its header, not counters.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "intel_oa/mali.h"

struct mali_counter {
	const char *name;
	unsigned char type;
	unsigned char index;
};

/*
 * The seed's counters (its names, '.' written '_') at the counter index
 * of the Bifrost (Mali-G52, "TGOx") block layout. The seed names the
 * Streamline counters of the first Bifrost parts; where the layout's own
 * name differs it is in the comment. SC_TEX_INSTR_3D has no counter in
 * the layout and is left out.
 */
static const struct mali_counter counters[] = {
	{ "JM_GPU_ACTIVE", INTEL_OA_MALI_JM, 6 },
	{ "JM_IRQ_ACTIVE", INTEL_OA_MALI_JM, 7 },
	{ "JM_JS0_TASKS", INTEL_OA_MALI_JM, 9 },
	{ "JM_JS0_ACTIVE", INTEL_OA_MALI_JM, 10 },
	{ "JM_JS1_ACTIVE", INTEL_OA_MALI_JM, 18 },

	{ "SC_FRAG_ACTIVE", INTEL_OA_MALI_SC, 4 },
	{ "SC_FRAG_PRIMITIVES_RAST", INTEL_OA_MALI_SC, 6 },	/* FRAG_PRIM_RAST */
	{ "SC_FRAG_QUAD_BUFFER_NOT_EMPTY", INTEL_OA_MALI_SC, 7 }, /* FRAG_FPK_ACTIVE */
	{ "SC_FRAG_QUADS", INTEL_OA_MALI_SC, 9 },		/* FRAG_WARPS */
	{ "SC_FRAG_PARTIAL_QUADS", INTEL_OA_MALI_SC, 10 },	/* FRAG_PARTIAL_WARPS */
	{ "SC_FRAG_QUADS_RAST", INTEL_OA_MALI_SC, 11 },
	{ "SC_FRAG_QUADS_EZS_TEST", INTEL_OA_MALI_SC, 12 },
	{ "SC_FRAG_QUADS_EZS_UPDATE", INTEL_OA_MALI_SC, 13 },
	{ "SC_FRAG_QUADS_EZS_KILLED", INTEL_OA_MALI_SC, 14 },	/* FRAG_QUADS_EZS_KILL */
	{ "SC_FRAG_THREADS_LZS_TEST", INTEL_OA_MALI_SC, 15 },	/* FRAG_LZS_TEST */
	{ "SC_FRAG_THREADS_LZS_KILLED", INTEL_OA_MALI_SC, 16 },	/* FRAG_LZS_KILL */
	{ "SC_FRAG_NUM_TILES", INTEL_OA_MALI_SC, 18 },		/* FRAG_PTILES */
	{ "SC_FRAG_TILES_CRC_CULLED", INTEL_OA_MALI_SC, 19 },	/* FRAG_TRANS_ELIM */
	{ "SC_FRAG_QUADS_OPAQUE", INTEL_OA_MALI_SC, 20 },	/* QUAD_FPK_KILLER */
	{ "SC_COMPUTE_ACTIVE", INTEL_OA_MALI_SC, 22 },
	{ "SC_COMPUTE_QUADS", INTEL_OA_MALI_SC, 24 },		/* COMPUTE_WARPS */
	{ "SC_EXEC_CORE_ACTIVE", INTEL_OA_MALI_SC, 26 },
	{ "SC_EE_INSTRS", INTEL_OA_MALI_SC, 28 },		/* EXEC_INSTR_COUNT */
	{ "SC_EE_INSTRS_DIVERGED", INTEL_OA_MALI_SC, 29 },	/* EXEC_INSTR_DIVERGED */
	{ "SC_TEX_INSTRS", INTEL_OA_MALI_SC, 35 },		/* TEX_MSGI_NUM_QUADS */
	{ "SC_TEX_INSTR_MIPMAP", INTEL_OA_MALI_SC, 38 },	/* TEX_DFCH_NUM_PASSES_MIP_MAP */
	{ "SC_TEX_INSTR_TRILINEAR", INTEL_OA_MALI_SC, 39 },	/* TEX_TIDX_NUM_SPLIT_MIP_MAP */
	{ "SC_TEX_INSTR_COMPRESSED", INTEL_OA_MALI_SC, 41 },	/* TEX_TFCH_NUM_LINES_FETCHED_BLOCK_COMPRESSED */
	{ "SC_TEX_ISSUES", INTEL_OA_MALI_SC, 43 },		/* TEX_FILT_NUM_OPERATIONS */
	{ "SC_LSC_READS_FULL", INTEL_OA_MALI_SC, 44 },		/* LS_MEM_READ_FULL */
	{ "SC_LSC_READS_SHORT", INTEL_OA_MALI_SC, 45 },
	{ "SC_LSC_WRITES_FULL", INTEL_OA_MALI_SC, 46 },
	{ "SC_LSC_WRITES_SHORT", INTEL_OA_MALI_SC, 47 },
	{ "SC_LSC_ATOMICS", INTEL_OA_MALI_SC, 48 },		/* LS_MEM_ATOMIC */
	{ "SC_VARY_INSTR", INTEL_OA_MALI_SC, 49 },
	{ "SC_VARY_ISSUES_32", INTEL_OA_MALI_SC, 50 },		/* VARY_SLOT_32 */
	{ "SC_VARY_ISSUES_16", INTEL_OA_MALI_SC, 51 },		/* VARY_SLOT_16 */
	{ "SC_LSC_READ_BEATS", INTEL_OA_MALI_SC, 56 },		/* BEATS_RD_LSC */
	{ "SC_LSC_READ_BEATS_EXTERNAL", INTEL_OA_MALI_SC, 57 },	/* BEATS_RD_LSC_EXT */
	{ "SC_TEX_READ_BEATS", INTEL_OA_MALI_SC, 58 },		/* BEATS_RD_TEX */
	{ "SC_TEX_READ_BEATS_EXTERNAL", INTEL_OA_MALI_SC, 59 },	/* BEATS_RD_TEX_EXT */
	{ "SC_LSC_WRITE_BEATS", INTEL_OA_MALI_SC, 61 },		/* BEATS_WR_LSC(_WB) */

	{ "TI_ACTIVE", INTEL_OA_MALI_TILER, 4 },		/* TILER_ACTIVE */
	{ "TI_PRIMITIVE_TRIANGLES", INTEL_OA_MALI_TILER, 6 },
	{ "TI_PRIMITIVE_LINES", INTEL_OA_MALI_TILER, 7 },
	{ "TI_PRIMITIVE_POINTS", INTEL_OA_MALI_TILER, 8 },
	{ "TI_FRONT_FACING", INTEL_OA_MALI_TILER, 9 },
	{ "TI_BACK_FACING", INTEL_OA_MALI_TILER, 10 },
	{ "TI_PRIMITIVE_VISIBLE", INTEL_OA_MALI_TILER, 11 },	/* PRIM_VISIBLE */
	{ "TI_CULLED_FACING", INTEL_OA_MALI_TILER, 12 },	/* PRIM_CULLED */
	{ "TI_CULLED_FRUSTUM", INTEL_OA_MALI_TILER, 13 },	/* PRIM_CLIPPED */
	{ "TI_CULLED_COVERAGE", INTEL_OA_MALI_TILER, 14 },	/* PRIM_SAT_CULLED */
	{ "TI_IDVS_POSITION_SHADING_REQUEST", INTEL_OA_MALI_TILER, 21 },
	{ "TI_IDVS_VARYING_SHADING_REQUEST", INTEL_OA_MALI_TILER, 37 },

	{ "L2_READ_REQUEST", INTEL_OA_MALI_L2, 16 },		/* L2_RD_MSG_IN */
	{ "L2_WRITE_REQUEST", INTEL_OA_MALI_L2, 18 },		/* L2_WR_MSG_IN */
	{ "L2_ANY_LOOKUP", INTEL_OA_MALI_L2, 25 },
	{ "L2_EXTERNAL_READ_REQUEST", INTEL_OA_MALI_L2, 29 },	/* L2_EXT_READ */
	{ "L2_EXTERNAL_READ_BEATS", INTEL_OA_MALI_L2, 32 },
	{ "L2_EXTERNAL_READ_STALL", INTEL_OA_MALI_L2, 33 },	/* L2_EXT_AR_STALL */
	{ "L2_EXT_READ_CNT_Q1", INTEL_OA_MALI_L2, 34 },		/* L2_EXT_AR_CNT_Q1 */
	{ "L2_EXT_READ_CNT_Q2", INTEL_OA_MALI_L2, 35 },
	{ "L2_EXT_READ_CNT_Q3", INTEL_OA_MALI_L2, 36 },
	{ "L2_EXT_RRESP_0_127", INTEL_OA_MALI_L2, 37 },
	{ "L2_EXT_RRESP_128_191", INTEL_OA_MALI_L2, 38 },
	{ "L2_EXT_RRESP_192_255", INTEL_OA_MALI_L2, 39 },
	{ "L2_EXT_RRESP_256_319", INTEL_OA_MALI_L2, 40 },
	{ "L2_EXT_RRESP_320_383", INTEL_OA_MALI_L2, 41 },
	{ "L2_EXTERNAL_WRITE_REQUEST", INTEL_OA_MALI_L2, 42 },	/* L2_EXT_WRITE */
	{ "L2_EXTERNAL_WRITE_BEATS", INTEL_OA_MALI_L2, 47 },
	{ "L2_EXTERNAL_WRITE_STALL", INTEL_OA_MALI_L2, 48 },	/* L2_EXT_W_STALL */
	{ "L2_EXT_WRITE_CNT_Q1", INTEL_OA_MALI_L2, 49 },	/* L2_EXT_AW_CNT_Q1 */
	{ "L2_EXT_WRITE_CNT_Q2", INTEL_OA_MALI_L2, 50 },
	{ "L2_EXT_WRITE_CNT_Q3", INTEL_OA_MALI_L2, 51 },
};

#define N_COUNTERS (sizeof(counters) / sizeof(counters[0]))

static void set_err(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static unsigned int fls64_(uint64_t v)
{
	unsigned int n = 0;

	while (v) {
		n++;
		v >>= 1;
	}
	return n;
}

static unsigned int popcount64(uint64_t v)
{
	unsigned int n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

size_t intel_oa_mali_dump_size(uint64_t core_mask, unsigned int l2_slices)
{
	if (!core_mask || !l2_slices || l2_slices > INTEL_OA_MALI_MAX_L2)
		return 0;
	return (size_t)(2 + l2_slices + fls64_(core_mask)) *
	       INTEL_OA_MALI_BLOCK_BYTES;
}

int intel_oa_mali_parse(const void *buf, size_t len, uint64_t core_mask,
			unsigned int l2_slices, struct intel_oa_mali_dump *out,
			char *err, size_t errlen)
{
	const unsigned char *p = buf;
	size_t want, b, i;

	if (err && errlen)
		err[0] = '\0';
	if (!core_mask) {
		set_err(err, errlen, "core mask is 0 (no shader core)");
		return -EINVAL;
	}
	if (!l2_slices || l2_slices > INTEL_OA_MALI_MAX_L2) {
		set_err(err, errlen, "%u L2 slices (expected 1..%d)",
			l2_slices, INTEL_OA_MALI_MAX_L2);
		return -EINVAL;
	}
	want = intel_oa_mali_dump_size(core_mask, l2_slices);
	if (len != want) {
		set_err(err, errlen,
			"dump is %zu bytes; core mask 0x%llx and %u L2 slices make %zu (%zu blocks of %d bytes: job manager, tiler, %u L2, %u shader core)",
			len, (unsigned long long)core_mask, l2_slices, want,
			want / INTEL_OA_MALI_BLOCK_BYTES,
			INTEL_OA_MALI_BLOCK_BYTES, l2_slices,
			fls64_(core_mask));
		return -EINVAL;
	}
	memset(out, 0, sizeof(*out));
	out->core_mask = core_mask;
	out->l2_slices = l2_slices;
	out->n_blocks = (unsigned int)(want / INTEL_OA_MALI_BLOCK_BYTES);
	for (b = 0; b < out->n_blocks; b++)
		for (i = 0; i < INTEL_OA_MALI_COUNTERS_PER_BLOCK; i++) {
			const unsigned char *w =
				p + (b * INTEL_OA_MALI_COUNTERS_PER_BLOCK + i) * 4;

			out->blocks[b][i] = (uint32_t)w[0] |
					    (uint32_t)w[1] << 8 |
					    (uint32_t)w[2] << 16 |
					    (uint32_t)w[3] << 24;
		}
	for (b = 0; b < fls64_(core_mask); b++) {
		size_t blk = 2 + l2_slices + b;

		if (core_mask >> b & 1)
			continue;
		for (i = 0; i < INTEL_OA_MALI_COUNTERS_PER_BLOCK; i++)
			if (out->blocks[blk][i]) {
				set_err(err, errlen,
					"block %zu (shader core %zu, absent from core mask 0x%llx) has word %zu = 0x%08x at byte %zu; absent cores dump zeros",
					blk, b, (unsigned long long)core_mask,
					i, out->blocks[blk][i],
					(blk * INTEL_OA_MALI_COUNTERS_PER_BLOCK + i) * 4);
				return -EINVAL;
			}
	}
	return 0;
}

int intel_oa_mali_sum(const struct intel_oa_mali_dump *cur,
		      const struct intel_oa_mali_dump *prev,
		      struct intel_oa_mali_sums *out)
{
	unsigned int b, i;

	if (prev && (prev->core_mask != cur->core_mask ||
		     prev->l2_slices != cur->l2_slices))
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->n_cores = popcount64(cur->core_mask);
	out->l2_slices = cur->l2_slices;
	for (b = 0; b < cur->n_blocks; b++) {
		int type;

		if (b == 0)
			type = INTEL_OA_MALI_JM;
		else if (b == 1)
			type = INTEL_OA_MALI_TILER;
		else if (b < 2 + cur->l2_slices)
			type = INTEL_OA_MALI_L2;
		else if (cur->core_mask >> (b - 2 - cur->l2_slices) & 1)
			type = INTEL_OA_MALI_SC;
		else
			continue;
		for (i = INTEL_OA_MALI_HEADER_DWORDS;
		     i < INTEL_OA_MALI_COUNTERS_PER_BLOCK; i++) {
			uint32_t d = cur->blocks[b][i] -
				     (prev ? prev->blocks[b][i] : 0);

			out->v[type][i] += d;
		}
	}
	return 0;
}

size_t intel_oa_mali_counter_count(void)
{
	return N_COUNTERS;
}

const char *intel_oa_mali_counter_at(size_t i, int *type,
				     unsigned int *index)
{
	if (i >= N_COUNTERS)
		return NULL;
	if (type)
		*type = counters[i].type;
	if (index)
		*index = counters[i].index;
	return counters[i].name;
}

int intel_oa_mali_counter_find(const char *name, int *type,
			       unsigned int *index)
{
	size_t i;

	for (i = 0; i < N_COUNTERS; i++)
		if (!strcmp(counters[i].name, name)) {
			intel_oa_mali_counter_at(i, type, index);
			return 0;
		}
	return -1;
}

int intel_oa_mali_value(const struct intel_oa_mali_sums *s, const char *name,
			uint64_t *value)
{
	int type;
	unsigned int index;

	if (intel_oa_mali_counter_find(name, &type, &index))
		return -1;
	*value = s->v[type][index];
	return 0;
}
