/* SPDX-License-Identifier: MIT */
/*
 * The synthetic OA workload of Documentation/vgpu-contract.rst, written
 * from the contract text alone. The suite computes every expected counter
 * value with these functions; it never asks the driver, the device model or
 * tools/lib what a report should contain.
 */
#ifndef OA_WORKLOAD_H
#define OA_WORKLOAD_H

#include <stdint.h>

/* Global counter numbering of the contract: A0..A35, B0..B7, C0..C7. */
#define WL_A(i) (i)
#define WL_B(i) (36 + (i))
#define WL_C(i) (44 + (i))
#define WL_N_COUNTERS 52

/**
 * struct workload - parameters of the synthetic workload
 * @seed: device seed (control page offset 0x010)
 * @ratio: GPU clock / timestamp clock ratio R (control page offset 0x034)
 */
struct workload {
	uint32_t seed;
	uint32_t ratio;
};

/*
 * Every value is a function of the full GPU timestamp T of the report
 * (ticks, 64-bit, never wraps); the report's TIMESTAMP field is only
 * T mod 2^32. oa_ts_unwrap() (oa_hw.h) recovers T from that field.
 */

/* GPU_TICKS field for a report at GPU timestamp @T. */
uint32_t workload_gpu_ticks(const struct workload *w, uint64_t T);

/*
 * Value of counter number @k (see WL_A/WL_B/WL_C) in a report at GPU
 * timestamp @T, truncated to @width bits (32 or 40).
 */
uint64_t workload_counter(const struct workload *w, unsigned int k,
			  uint64_t T, unsigned int width);

/* Self-check of the formula against hand-computed values; 0 if good. */
int workload_selftest(void);

#endif /* OA_WORKLOAD_H */
