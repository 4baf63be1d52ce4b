// SPDX-License-Identifier: MIT
/*
 * Synthetic workload (Documentation/vgpu-contract.rst, "Synthetic
 * workload"):
 *
 *   GPU_TICKS  = (T * R) mod 2^32
 *   S_k        = ((seed * (k + 1)) << 8) + (k << 24)      (64-bit)
 *   value_k(T) = (S_k + T * (k + 1)) mod 2^W
 *
 * where T is the full GPU timestamp (the TIMESTAMP field is T mod 2^32).
 */
#include <stdio.h>

#include "workload.h"

uint32_t workload_gpu_ticks(const struct workload *w, uint64_t T)
{
	return (uint32_t)(T * w->ratio);
}

uint64_t workload_counter(const struct workload *w, unsigned int k,
			  uint64_t T, unsigned int width)
{
	uint64_t mult = (uint64_t)k + 1;
	uint64_t s = (((uint64_t)w->seed * mult) << 8) + ((uint64_t)k << 24);
	uint64_t v = s + T * mult;

	if (width >= 64)
		return v;
	return v & ((1ull << width) - 1);
}

struct selftest_case {
	uint32_t seed;
	uint64_t t;
	unsigned int k, width;
	uint64_t expect;
};

/*
 * Expected values worked out by hand from the contract formula:
 *  seed=1, k=0, t=0:  S = (1*1)<<8 + 0 = 0x100
 *  seed=1, k=0, t=5:  0x100 + 5 = 0x105
 *  seed=0x5eed0001, k=0, t=0, W=40: 0x5eed0001 << 8 = 0x5eed000100
 *  same, W=32: 0xed000100
 *  seed=0x5eed0001, k=1, t=3, W=40: (0xbdda0002 << 8) + (1 << 24) + 6
 *        = 0xbdda000200 + 0x1000000 + 6 = 0xbddb000206
 *  seed=0xffffffff, k=51, t=0xffffffff, W=32:
 *        S = (0xffffffff * 52) << 8 + 51 << 24
 *          = 0x33ffffffcc << 8 + 0x33000000 = 0x33ffffffcc00 + 0x33000000
 *          = 0x340032ffcc00; t*52 = 0x33ffffffcc
 *        sum = 0x340032ffcc00 + 0x33ffffffcc = 0x346632ffcbcc -> low 32
 *        = 0x32ffcbcc
 *  Across the 32-bit TIMESTAMP wrap the 40-bit A counters keep counting:
 *  seed=1, k=0, T=0x100000000, W=40: 0x100 + 0x100000000 = 0x100000100
 *  (a function of t = T mod 2^32 = 0 would give 0x100)
 *  seed=1, k=3, T=0x1000000010, W=40: S = (4 << 8) + (3 << 24)
 *        = 0x3000400; T*4 = 0x4000000040; sum = 0x4003000440
 *  same, W=32: 0x03000440 (the 32-bit fields only see T mod 2^32)
 *  seed=1, k=0, T=0x10000000005, W=40: 2^40 wraps away: 0x105
 */
static const struct selftest_case cases[] = {
	{ 1, 0, 0, 32, 0x100 },
	{ 1, 5, 0, 32, 0x105 },
	{ 0x5eed0001, 0, 0, 40, 0x5eed000100ull },
	{ 0x5eed0001, 0, 0, 32, 0xed000100ull },
	{ 0x5eed0001, 3, 1, 40, 0xbddb000206ull },
	{ 0xffffffff, 0xffffffff, 51, 32, 0x32ffcbccull },
	{ 1, 0x100000000ull, 0, 40, 0x100000100ull },
	{ 1, 0x1000000010ull, 3, 40, 0x4003000440ull },
	{ 1, 0x1000000010ull, 3, 32, 0x03000440ull },
	{ 1, 0x10000000005ull, 0, 40, 0x105ull },
};

int workload_selftest(void)
{
	struct workload w = { .ratio = 50 };
	int bad = 0;
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t got;

		w.seed = cases[i].seed;
		got = workload_counter(&w, cases[i].k, cases[i].t, cases[i].width);
		if (got != cases[i].expect) {
			fprintf(stderr, "workload case %u: seed=%#x k=%u T=%#llx W=%u: got %#llx, expected %#llx\n",
				i, cases[i].seed, cases[i].k,
				(unsigned long long)cases[i].t, cases[i].width,
				(unsigned long long)got,
				(unsigned long long)cases[i].expect);
			bad++;
		}
	}
	/* 0x10000000 * 50 = 0x320000000 -> low 32 bits 0x20000000 */
	if (workload_gpu_ticks(&w, 0x10000000) != 0x20000000) {
		fprintf(stderr, "GPU_TICKS wrap check failed\n");
		bad++;
	}
	/* GPU_TICKS only depends on T mod 2^32: (2^32 + 1) * 50 -> 50 */
	if (workload_gpu_ticks(&w, 0x100000001ull) != 50) {
		fprintf(stderr, "GPU_TICKS of T = 2^32 + 1 is not 50\n");
		bad++;
	}
	return bad;
}
