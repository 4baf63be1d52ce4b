/* SPDX-License-Identifier: MIT */
/*
 * libintel_oa: Mali Bifrost hardware counter dumps as the Linux panfrost
 * driver returns them (DRM_IOCTL_PANFROST_PERFCNT_DUMP), decoded and
 * summed per block type, with the counters named as seed 004 names them
 * (Documentation/metrics.rst, "Mali Bifrost").
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#ifndef INTEL_OA_MALI_H
#define INTEL_OA_MALI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** 32-bit counters per block (the first four are the block header). */
#define INTEL_OA_MALI_COUNTERS_PER_BLOCK 64
/** Header dwords at the start of each block (word 2: the enable mask). */
#define INTEL_OA_MALI_HEADER_DWORDS 4
/** Bytes per block. */
#define INTEL_OA_MALI_BLOCK_BYTES (INTEL_OA_MALI_COUNTERS_PER_BLOCK * 4)
/** Most L2 slices a GPU reports (MEM_FEATURES bits 11:8, plus one). */
#define INTEL_OA_MALI_MAX_L2 16
/** Most shader cores (bits of SHADER_PRESENT). */
#define INTEL_OA_MALI_MAX_CORES 64

/**
 * enum intel_oa_mali_block - block types, in dump order
 * @INTEL_OA_MALI_JM: job manager (one block)
 * @INTEL_OA_MALI_TILER: tiler (one block)
 * @INTEL_OA_MALI_L2: L2 cache / MMU, one block per slice
 * @INTEL_OA_MALI_SC: shader core, one block per bit up to the highest set
 *	bit of the core mask (absent cores of a sparse mask included)
 * @INTEL_OA_MALI_BLOCK_TYPES: number of types
 */
enum intel_oa_mali_block {
	INTEL_OA_MALI_JM,
	INTEL_OA_MALI_TILER,
	INTEL_OA_MALI_L2,
	INTEL_OA_MALI_SC,
	INTEL_OA_MALI_BLOCK_TYPES
};

/**
 * struct intel_oa_mali_dump - one decoded dump
 * @core_mask: SHADER_PRESENT of the GPU
 * @l2_slices: L2 slices
 * @n_blocks: blocks in the dump (2 + @l2_slices + fls(@core_mask))
 * @blocks: the raw 32-bit words of every block, in dump order
 */
struct intel_oa_mali_dump {
	uint64_t core_mask;
	unsigned int l2_slices;
	unsigned int n_blocks;
	uint32_t blocks[2 + INTEL_OA_MALI_MAX_L2 + INTEL_OA_MALI_MAX_CORES]
		       [INTEL_OA_MALI_COUNTERS_PER_BLOCK];
};

/**
 * struct intel_oa_mali_sums - counters summed over same-type blocks
 * @v: @v[type][index]; header indices (0..3) are 0
 * @n_cores: shader cores summed (popcount of the core mask)
 * @l2_slices: L2 blocks summed
 */
struct intel_oa_mali_sums {
	uint64_t v[INTEL_OA_MALI_BLOCK_TYPES][INTEL_OA_MALI_COUNTERS_PER_BLOCK];
	unsigned int n_cores;
	unsigned int l2_slices;
};

/**
 * intel_oa_mali_dump_size() - bytes of a dump, as panfrost sizes it
 * @core_mask: SHADER_PRESENT (not 0)
 * @l2_slices: 1..INTEL_OA_MALI_MAX_L2
 *
 * Return: (2 + @l2_slices + fls64(@core_mask)) * 256, or 0 if an argument
 * is out of range.
 */
size_t intel_oa_mali_dump_size(uint64_t core_mask, unsigned int l2_slices);

/**
 * intel_oa_mali_parse() - decode a dump
 * @buf: the dump, little-endian 32-bit words
 * @len: its bytes
 * @core_mask: SHADER_PRESENT of the GPU
 * @l2_slices: L2 slices of the GPU
 * @out: the decoded dump
 * @err: on failure, why (NUL terminated; may be NULL)
 * @errlen: size of @err
 *
 * Refused: a zero core mask, slices outside 1..16, a length other than
 * intel_oa_mali_dump_size(), and a block of an absent core (a hole of a
 * sparse mask) with a non-zero word: the GPU never writes those.
 *
 * Return: 0 or -EINVAL.
 */
int intel_oa_mali_parse(const void *buf, size_t len, uint64_t core_mask,
			unsigned int l2_slices, struct intel_oa_mali_dump *out,
			char *err, size_t errlen);

/**
 * intel_oa_mali_sum() - sum same-type blocks over one period
 * @cur: the later dump
 * @prev: the earlier dump of the same GPU, or NULL (counting from zero,
 *	as after PERFCNT_ENABLE, which clears the counters)
 * @out: per type and index, the sum over the present blocks of
 *	(cur - prev) mod 2^32 (each block's counters are 32 bits wide)
 *
 * Return: 0, or -EINVAL when @prev is of another core mask or slice count.
 */
int intel_oa_mali_sum(const struct intel_oa_mali_dump *cur,
		      const struct intel_oa_mali_dump *prev,
		      struct intel_oa_mali_sums *out);

/**
 * intel_oa_mali_counter_count() - number of named counters
 *
 * Return: the count.
 */
size_t intel_oa_mali_counter_count(void);

/**
 * intel_oa_mali_counter_at() - the i-th named counter
 * @i: index
 * @type: out, enum intel_oa_mali_block (may be NULL)
 * @index: out, its counter index in the block, 4..63 (may be NULL)
 *
 * Return: its name (the seed's with '.' as '_', e.g. "SC_FRAG_ACTIVE"),
 * or NULL past the end.
 */
const char *intel_oa_mali_counter_at(size_t i, int *type,
				     unsigned int *index);

/**
 * intel_oa_mali_counter_find() - a counter by name
 * @name: e.g. "JM_GPU_ACTIVE"
 * @type: out (may be NULL)
 * @index: out (may be NULL)
 *
 * Return: 0, or -1 if no counter has that name.
 */
int intel_oa_mali_counter_find(const char *name, int *type,
			       unsigned int *index);

/**
 * intel_oa_mali_value() - a named counter of the summed blocks
 * @s: sums
 * @name: counter name
 * @value: out
 *
 * Return: 0, or -1 for an unknown name.
 */
int intel_oa_mali_value(const struct intel_oa_mali_sums *s, const char *name,
			uint64_t *value);

#ifdef __cplusplus
}
#endif

#endif /* INTEL_OA_MALI_H */
