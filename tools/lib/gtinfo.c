// SPDX-License-Identifier: MIT
/*
 * The device description the OA metric XML equations read
 * (struct intel_oa_gt_info), from a topology as IGT computes it.
 *
 * Copyright (c) 2026 The intel-oa authors
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "intel_oa/intel_oa.h"
#include "intel_oa/metrics.h"

/* struct drm_i915_query_topology_info: eight u16 fields, then data[] */
#define TOPO_HEADER 16

static unsigned int u16_at(const uint8_t *p, unsigned int i)
{
	return (unsigned int)p[2 * i] | (unsigned int)p[2 * i + 1] << 8;
}

static bool bit(const uint8_t *data, size_t len, size_t byte, unsigned int b)
{
	return byte < len && (data[byte] >> b & 1);
}

int intel_oa_gt_info_from_topology(struct intel_oa_gt_info *gi,
				   const struct intel_oa_platform *pl,
				   const void *topology, size_t len)
{
	/* IGT: Gen11+ equations expect 8 mask bits per slice, earlier 3 */
	unsigned int per_slice = pl->ver >= 1100 ? 8 : 3;
	unsigned int s, ss, eu;

	memset(gi, 0, sizeof(*gi));
	/* IGT: 7 threads per EU, 6 on the Gen9 low-power parts */
	gi->eu_threads = !strcmp(pl->name, "bxt") || !strcmp(pl->name, "glk") ?
			 6 : 7;
	gi->cs_ts_freq = pl->cs_ts_freq;
	if (!topology) {
		for (s = 0; s < pl->slices; s++) {
			gi->slice_mask |= 1ull << s;
			for (ss = 0; ss < pl->subslices; ss++)
				gi->subslice_mask |= 1ull << (s * per_slice + ss);
		}
		gi->eus = (uint64_t)pl->slices * pl->subslices * pl->eus;
	} else {
		const uint8_t *h = topology, *data = h + TOPO_HEADER;
		unsigned int max_s, max_ss, max_eu, ss_off, ss_stride, eu_off,
			     eu_stride;
		size_t dlen;

		if (len < TOPO_HEADER)
			return -EINVAL;
		max_s = u16_at(h, 1);
		max_ss = u16_at(h, 2);
		max_eu = u16_at(h, 3);
		ss_off = u16_at(h, 4);
		ss_stride = u16_at(h, 5);
		eu_off = u16_at(h, 6);
		eu_stride = u16_at(h, 7);
		dlen = len - TOPO_HEADER;
		if ((max_s + 7) / 8 > dlen ||
		    ss_off + (size_t)max_s * ss_stride > dlen ||
		    eu_off + (size_t)max_s * max_ss * eu_stride > dlen)
			return -EINVAL;
		for (s = 0; s < max_s && s < 64; s++) {
			if (!bit(data, dlen, s / 8, s % 8))
				continue;
			gi->slice_mask |= 1ull << s;
			for (ss = 0; ss < max_ss; ss++) {
				size_t at = ss_off + (size_t)s * ss_stride + ss / 8;

				if (!bit(data, dlen, at, ss % 8))
					continue;
				if (s * per_slice + ss < 64)
					gi->subslice_mask |=
						1ull << (s * per_slice + ss);
				for (eu = 0; eu < max_eu; eu++) {
					at = eu_off + ((size_t)s * max_ss + ss) *
						      eu_stride + eu / 8;
					gi->eus += bit(data, dlen, at, eu % 8);
				}
			}
		}
	}
	gi->slices = (uint64_t)__builtin_popcountll(gi->slice_mask);
	gi->subslices = (uint64_t)__builtin_popcountll(gi->subslice_mask);
	return 0;
}
