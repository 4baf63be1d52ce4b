// SPDX-License-Identifier: MIT
/*
 * The shortest decimal that reads back as a given double, by Ulf Adams'
 * Ryu method ("Ryu: fast float-to-string conversion", PLDI 2018): the
 * interval of decimals that round to the double is computed in fixed
 * point from one multiplication by a 125-bit power of five, and digits are
 * dropped while the interval still holds a number with fewer of them.
 * Among the shortest, the one nearest the double is taken (ties to even
 * digits), as printf("%.17g") would round it.
 *
 * Copyright (c) 2026 The intel-oa authors
 *
 * The two power-of-five tables are not typed in: intel_oa_shortest_init()
 * computes them once with a small big-number routine (5^i exactly, its
 * top 125 bits, and the 125-bit reciprocal floor(2^(len + 124) / 5^i) + 1).
 * tests/unit/test_output.c checks the result against printf() and strtod()
 * on random doubles.
 */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "util.h"

#define MANTISSA_BITS	52
#define EXPONENT_BIAS	1023
#define POW5_BITS	125
#define POW5_INV_BITS	125
#define POW5_TABLE	326
#define POW5_INV_TABLE	342
/* 5^341 has 792 bits; the division below needs 792 + 124 + 1. */
#define BIG_WORDS	30

static uint64_t pow5_split[POW5_TABLE][2];
static uint64_t pow5_inv_split[POW5_INV_TABLE][2];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* Little-endian 32-bit words. */
struct big {
	uint32_t w[BIG_WORDS];
};

static unsigned int big_bits(const struct big *b)
{
	int i;

	for (i = BIG_WORDS - 1; i >= 0; i--)
		if (b->w[i])
			return (unsigned int)i * 32 + 32 -
			       (unsigned int)__builtin_clz(b->w[i]);
	return 0;
}

static void big_mul5(struct big *b)
{
	uint64_t carry = 0;
	int i;

	for (i = 0; i < BIG_WORDS; i++) {
		carry += (uint64_t)b->w[i] * 5;
		b->w[i] = (uint32_t)carry;
		carry >>= 32;
	}
}

static int big_bit(const struct big *b, unsigned int n)
{
	return n / 32 < BIG_WORDS && (b->w[n / 32] >> (n % 32)) & 1;
}

/* Bits n .. n+124 of b (n may be negative: zeros below bit 0). */
static void big_top125(const struct big *b, int n, uint64_t out[2])
{
	unsigned int k;

	out[0] = out[1] = 0;
	for (k = 0; k < 125; k++) {
		int at = n + (int)k;

		if (at >= 0 && big_bit(b, (unsigned int)at))
			out[k / 64] |= 1ULL << (k % 64);
	}
}

static int big_cmp(const struct big *a, const struct big *b)
{
	int i;

	for (i = BIG_WORDS - 1; i >= 0; i--)
		if (a->w[i] != b->w[i])
			return a->w[i] < b->w[i] ? -1 : 1;
	return 0;
}

static void big_sub(struct big *a, const struct big *b)
{
	int64_t borrow = 0;
	int i;

	for (i = 0; i < BIG_WORDS; i++) {
		int64_t d = (int64_t)a->w[i] - b->w[i] - borrow;

		borrow = d < 0;
		a->w[i] = (uint32_t)(d + (borrow ? (1LL << 32) : 0));
	}
}

static void big_shl1(struct big *a, int bit)
{
	int i;

	for (i = BIG_WORDS - 1; i > 0; i--)
		a->w[i] = a->w[i] << 1 | a->w[i - 1] >> 31;
	a->w[0] = a->w[0] << 1 | (uint32_t)bit;
}

/* floor(2^n / d) + 1 as 125 bits (it has exactly 125: see the callers). */
static void big_recip(const struct big *d, unsigned int n, uint64_t out[2])
{
	struct big rem;
	unsigned int k;
	uint64_t q[2] = { 0, 0 };

	memset(&rem, 0, sizeof(rem));
	/*
	 * Long division of 2^n, one quotient bit per step, top bit first.
	 * The quotient has at most 126 bits, so above bit 125 nothing is
	 * subtracted: start from what the remainder is then, 2^(n - 126).
	 */
	k = n + 1;
	if (n >= 126) {
		rem.w[(n - 126) / 32] = 1U << ((n - 126) % 32);
		k = 126;
	}
	while (k-- > 0) {
		big_shl1(&rem, k == n);
		/* Only the low 125 quotient bits can be set. */
		if (big_cmp(&rem, d) >= 0) {
			big_sub(&rem, d);
			if (k < 128)
				q[k / 64] |= 1ULL << (k % 64);
		}
	}
	/* + 1, with the carry */
	if (++q[0] == 0)
		q[1]++;
	out[0] = q[0];
	out[1] = q[1];
}

static void build_tables(void)
{
	struct big p;
	unsigned int i, len;

	memset(&p, 0, sizeof(p));
	p.w[0] = 1;
	for (i = 0; i < POW5_INV_TABLE; i++) {
		len = big_bits(&p);
		if (i < POW5_TABLE)
			big_top125(&p, (int)len - POW5_BITS, pow5_split[i]);
		big_recip(&p, len - 1 + POW5_INV_BITS, pow5_inv_split[i]);
		big_mul5(&p);
	}
}

void intel_oa_shortest_init(void)
{
	pthread_once(&tables_once, build_tables);
}

/* Bit length of 5^e, for e >= 0 (1 for e = 0). */
static int32_t pow5bits(int32_t e)
{
	return (int32_t)(((uint32_t)e * 1217359) >> 19) + 1;
}

/* floor(log10(2^e)) and floor(log10(5^e)), for e >= 0. */
static uint32_t log10_pow2(int32_t e)
{
	return ((uint32_t)e * 78913) >> 18;
}

static uint32_t log10_pow5(int32_t e)
{
	return ((uint32_t)e * 732923) >> 20;
}

static uint32_t pow5_factor(uint64_t v)
{
	uint32_t n = 0;

	while (v % 5 == 0) {
		v /= 5;
		n++;
	}
	return n;
}

static int multiple_of_pow5(uint64_t v, uint32_t p)
{
	return pow5_factor(v) >= p;
}

static int multiple_of_pow2(uint64_t v, uint32_t p)
{
	return (v & ((1ULL << p) - 1)) == 0;
}

/* (m * mul) >> j for a 125-bit mul and j >= 64. */
static uint64_t mul_shift(uint64_t m, const uint64_t mul[2], int32_t j)
{
	unsigned __int128 b0 = (unsigned __int128)m * mul[0];
	unsigned __int128 b2 = (unsigned __int128)m * mul[1];

	return (uint64_t)(((b0 >> 64) + b2) >> (j - 64));
}

void intel_oa_shortest(double v, uint64_t *digits, int *exp10)
{
	uint64_t bits, mant, m2, mv, vr, vp, vm, out;
	uint32_t ieee_exp, mm_shift, q, removed = 0;
	int32_t e2, e10;
	int accept, vm_zeros = 0, vr_zeros = 0;
	unsigned int last = 0;

	memcpy(&bits, &v, sizeof(bits));
	mant = bits & ((1ULL << MANTISSA_BITS) - 1);
	ieee_exp = (uint32_t)(bits >> MANTISSA_BITS) & 0x7ff;
	/*
	 * An integer below 2^53 (counts often are): doubles there are at
	 * most 1 apart, so its own digits, trailing zeros dropped, are the
	 * shortest and exact (Ryu's small-integer path).
	 */
	e2 = (int32_t)ieee_exp - EXPONENT_BIAS - MANTISSA_BITS;
	if (ieee_exp && e2 <= 0 && e2 >= -MANTISSA_BITS) {
		m2 = (1ULL << MANTISSA_BITS) | mant;
		if (!(m2 & ((1ULL << -e2) - 1))) {
			out = m2 >> -e2;
			e10 = 0;
			while (out % 10 == 0) {
				out /= 10;
				e10++;
			}
			*digits = out;
			*exp10 = e10;
			return;
		}
	}
	intel_oa_shortest_init();
	if (ieee_exp == 0) {
		e2 = 1 - EXPONENT_BIAS - MANTISSA_BITS - 2;
		m2 = mant;
	} else {
		e2 = (int32_t)ieee_exp - EXPONENT_BIAS - MANTISSA_BITS - 2;
		m2 = (1ULL << MANTISSA_BITS) | mant;
	}
	accept = (m2 & 1) == 0;
	/* The interval [mm, mp] around mv = 4 m2, in units of 2^e2. */
	mv = 4 * m2;
	mm_shift = mant != 0 || ieee_exp <= 1;

	if (e2 >= 0) {
		int32_t k, i;

		q = log10_pow2(e2) - (e2 > 3);
		e10 = (int32_t)q;
		k = POW5_INV_BITS + pow5bits((int32_t)q) - 1;
		i = -e2 + (int32_t)q + k;
		vr = mul_shift(4 * m2, pow5_inv_split[q], i);
		vp = mul_shift(4 * m2 + 2, pow5_inv_split[q], i);
		vm = mul_shift(4 * m2 - 1 - mm_shift, pow5_inv_split[q], i);
		if (q <= 21) {
			/* Only then can mv be a multiple of 5^q. */
			if (mv % 5 == 0)
				vr_zeros = multiple_of_pow5(mv, q);
			else if (accept)
				vm_zeros = multiple_of_pow5(mv - 1 - mm_shift, q);
			else
				vp -= multiple_of_pow5(mv + 2, q);
		}
	} else {
		int32_t i, k, j;

		q = log10_pow5(-e2) - (-e2 > 1);
		e10 = (int32_t)q + e2;
		i = -e2 - (int32_t)q;
		k = pow5bits(i) - POW5_BITS;
		j = (int32_t)q - k;
		vr = mul_shift(4 * m2, pow5_split[i], j);
		vp = mul_shift(4 * m2 + 2, pow5_split[i], j);
		vm = mul_shift(4 * m2 - 1 - mm_shift, pow5_split[i], j);
		if (q <= 1) {
			/* mv has at least q trailing zero bits. */
			vr_zeros = 1;
			if (accept)
				vm_zeros = mm_shift == 1;
			else
				vp--;
		} else if (q < 63) {
			vr_zeros = multiple_of_pow2(mv, q);
		}
	}

	if (vm_zeros || vr_zeros) {
		/* Rare: exact bounds or an exact value; track the zeros. */
		while (vp / 10 > vm / 10) {
			vm_zeros &= vm % 10 == 0;
			vr_zeros &= last == 0;
			last = (unsigned int)(vr % 10);
			vr /= 10;
			vp /= 10;
			vm /= 10;
			removed++;
		}
		if (vm_zeros) {
			while (vm % 10 == 0) {
				vr_zeros &= last == 0;
				last = (unsigned int)(vr % 10);
				vr /= 10;
				vp /= 10;
				vm /= 10;
				removed++;
			}
		}
		if (vr_zeros && last == 5 && vr % 2 == 0)
			last = 4;	/* exactly half: round to even */
		out = vr + ((vr == vm && (!accept || !vm_zeros)) || last >= 5);
	} else {
		int round_up = 0;

		while (vp / 10 > vm / 10) {
			round_up = vr % 10 >= 5;
			vr /= 10;
			vp /= 10;
			vm /= 10;
			removed++;
		}
		out = vr + (vr == vm || round_up);
	}
	*digits = out;
	*exp10 = e10 + (int32_t)removed;
}
