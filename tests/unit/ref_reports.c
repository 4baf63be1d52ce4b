// SPDX-License-Identifier: MIT
/*
 * Reference report builder for the unit tests.
 *
 * Copyright (c) 2025 The intel-oa authors
 *
 * Written from the PRM report drawings (seed documents 000, 001, 002),
 * i915's format sizes and, for Sandy Bridge, Ivy Bridge, Valleyview and
 * Haswell, the dword descriptions of Documentation/gen6-gen7.rst ("Report
 * formats"), in dword/byte positions, without using any table or function
 * of libintel_oa: a decode test passes only when the library's table and
 * this independent description agree on every field.
 */
#include <string.h>

#include "drm/intel_oa_drm.h"
#include "unit.h"

void put8(uint8_t *b, size_t off, uint8_t v)
{
	b[off] = v;
}

void put32(uint8_t *b, size_t off, uint32_t v)
{
	b[off + 0] = (uint8_t)v;
	b[off + 1] = (uint8_t)(v >> 8);
	b[off + 2] = (uint8_t)(v >> 16);
	b[off + 3] = (uint8_t)(v >> 24);
}

void put64(uint8_t *b, size_t off, uint64_t v)
{
	put32(b, off, (uint32_t)v);
	put32(b, off + 4, (uint32_t)(v >> 32));
}

const struct ref_format ref_formats[] = {
	{ I915_OA_FORMAT_A13, 64, 750, REF_HDR_GEN7 },
	{ I915_OA_FORMAT_A29, 128, 750, REF_HDR_GEN7 },
	{ I915_OA_FORMAT_A13_B8_C8, 128, 750, REF_HDR_GEN7 },
	{ I915_OA_FORMAT_B4_C8, 64, 750, REF_HDR_GEN7 },
	{ I915_OA_FORMAT_A45_B8_C8, 256, 750, REF_HDR_GEN7 },
	{ I915_OA_FORMAT_B4_C8_A16, 128, 750, REF_HDR_GEN7 },
	{ I915_OA_FORMAT_C4_B8, 64, 750, REF_HDR_GEN7 },
	{ I915_OA_FORMAT_C4_B8, 64, 800, REF_HDR_32 },
	{ I915_OA_FORMAT_C4_B8, 64, 900, REF_HDR_32 },
	{ I915_OA_FORMAT_A12, 64, 800, REF_HDR_32 },
	{ I915_OA_FORMAT_A12, 64, 900, REF_HDR_32 },
	{ I915_OA_FORMAT_A12_B8_C8, 128, 800, REF_HDR_32 },
	{ I915_OA_FORMAT_A12_B8_C8, 128, 900, REF_HDR_32 },
	{ I915_OA_FORMAT_A32u40_A4u32_B8_C8, 256, 800, REF_HDR_32 },
	{ I915_OA_FORMAT_A32u40_A4u32_B8_C8, 256, 900, REF_HDR_32 },
	{ I915_OA_FORMAT_A32u40_A4u32_B8_C8, 256, 1100, REF_HDR_32 },
	{ I915_OA_FORMAT_A32u40_A4u32_B8_C8, 256, 1200, REF_HDR_32 },
	{ I915_OAR_FORMAT_A32u40_A4u32_B8_C8, 256, 1250, REF_HDR_32 },
	{ I915_OA_FORMAT_A24u40_A14u32_B8_C8, 256, 1250, REF_HDR_32 },
	{ I915_OAM_FORMAT_MPEC8u64_B8_C8, 192, 1270, REF_HDR_64 },
	{ I915_OAM_FORMAT_MPEC8u32_B8_C8, 128, 1270, REF_HDR_64 },
	{ REF_SNB_A13, 64, 600, REF_HDR_GEN7 },
	{ REF_SNB_A29, 128, 600, REF_HDR_GEN7 },
	{ REF_SNB_A13_B4, 128, 600, REF_HDR_GEN7 },
	{ REF_SNB_A29_B4, 192, 600, REF_HDR_GEN7 },
	{ REF_IVB_A13, 64, 700, REF_HDR_GEN7 },
	{ REF_IVB_A29, 128, 700, REF_HDR_GEN7 },
	{ REF_IVB_A13_B4, 128, 700, REF_HDR_GEN7 },
	{ REF_IVB_A29_B4, 192, 700, REF_HDR_GEN7 },
	{ REF_IVB_A45_B4, 256, 700, REF_HDR_GEN7 },
	{ REF_IVB_A16, 128, 700, REF_HDR_GEN7 },
	{ REF_HSW_A29_B8_C8, 192, 750, REF_HDR_GEN7 },
	/* Meteor Lake's OAG (platforms.rst): the DG2 OAG drawing */
	{ I915_OA_FORMAT_A24u40_A14u32_B8_C8, 256, 1270, REF_HDR_32 },
};

const size_t ref_formats_count = sizeof(ref_formats) / sizeof(ref_formats[0]);

static size_t add(struct ref_counter *out, size_t n, size_t max, int kind,
		  int first, int last, int width)
{
	int i;

	for (i = first; i <= last && n < max; i++) {
		out[n].kind = kind;
		out[n].index = i;
		out[n].width = width;
		n++;
	}
	return n;
}

/* A24u40_A14u32: which A counters keep a high byte (PRM DG2 OAG drawing) */
static int dg2_oag_a_is_40(int n)
{
	return (n >= 4 && n <= 23) || (n >= 28 && n <= 31);
}

/*
 * Gen6-7.5 (gen6-gen7.rst): Haswell's formats carry the C counters IGT's
 * hsw_oa_formats reads (C0-C7, C0-C3 in C4_B8), although seed 001 marks
 * those dwords reserved past C4_B8's C0.
 */
static size_t gen7_counters(unsigned int id, struct ref_counter *o,
			    size_t max)
{
	size_t n = 0;

	switch (id) {
	case I915_OA_FORMAT_A13:
	case REF_SNB_A13:
	case REF_IVB_A13:
		return add(o, 0, max, REF_A, 0, 12, 32);
	case I915_OA_FORMAT_A29:
	case REF_SNB_A29:
	case REF_IVB_A29:
		return add(o, 0, max, REF_A, 0, 28, 32);
	case REF_SNB_A13_B4:
	case REF_IVB_A13_B4:
		n = add(o, n, max, REF_A, 0, 12, 32);
		return add(o, n, max, REF_B, 0, 3, 32);
	case REF_SNB_A29_B4:
	case REF_IVB_A29_B4:
		n = add(o, n, max, REF_A, 0, 28, 32);
		return add(o, n, max, REF_B, 0, 3, 32);
	case REF_IVB_A45_B4:
		n = add(o, n, max, REF_A, 0, 44, 32);
		return add(o, n, max, REF_B, 0, 3, 32);
	case REF_IVB_A16:
		return add(o, 0, max, REF_A, 29, 44, 32);
	case I915_OA_FORMAT_A13_B8_C8:
		n = add(o, n, max, REF_A, 0, 12, 32);
		n = add(o, n, max, REF_B, 0, 7, 32);
		return add(o, n, max, REF_C, 0, 7, 32);
	case REF_HSW_A29_B8_C8:
		n = add(o, n, max, REF_A, 0, 28, 32);
		n = add(o, n, max, REF_B, 0, 7, 32);
		return add(o, n, max, REF_C, 0, 7, 32);
	case I915_OA_FORMAT_B4_C8:
		n = add(o, n, max, REF_B, 0, 3, 32);
		return add(o, n, max, REF_C, 0, 7, 32);
	case I915_OA_FORMAT_A45_B8_C8:
		n = add(o, n, max, REF_A, 0, 44, 32);
		n = add(o, n, max, REF_B, 0, 7, 32);
		return add(o, n, max, REF_C, 0, 7, 32);
	case I915_OA_FORMAT_B4_C8_A16:
		n = add(o, n, max, REF_B, 0, 3, 32);
		n = add(o, n, max, REF_C, 0, 7, 32);
		return add(o, n, max, REF_A, 29, 44, 32);
	case I915_OA_FORMAT_C4_B8:
		n = add(o, n, max, REF_C, 0, 3, 32);
		return add(o, n, max, REF_B, 0, 7, 32);
	default:
		return 0;
	}
}

size_t ref_counters(const struct ref_format *rf, struct ref_counter *o,
		    size_t max)
{
	size_t n = 0;
	int i;

	if (rf->ver < 800)
		return gen7_counters(rf->id, o, max);
	switch (rf->id) {
	case I915_OA_FORMAT_C4_B8:
		n = add(o, n, max, REF_C, 0, 3, 32);
		return add(o, n, max, REF_B, 0, 7, 32);
	case I915_OA_FORMAT_A12:
		return add(o, 0, max, REF_A, 7, 18, 32);
	case I915_OA_FORMAT_A12_B8_C8:
		n = add(o, n, max, REF_A, 7, 18, 32);
		n = add(o, n, max, REF_B, 0, 7, 32);
		return add(o, n, max, REF_C, 0, 7, 32);
	case I915_OA_FORMAT_A32u40_A4u32_B8_C8:
	case I915_OAR_FORMAT_A32u40_A4u32_B8_C8:
		n = add(o, n, max, REF_A, 0, 31, 40);
		n = add(o, n, max, REF_A, 32, 35, 32);
		n = add(o, n, max, REF_B, 0, 7, 32);
		return add(o, n, max, REF_C, 0, 7, 32);
	case I915_OA_FORMAT_A24u40_A14u32_B8_C8:
		for (i = 0; i <= 37; i++)
			n = add(o, n, max, REF_A, i, i,
				dg2_oag_a_is_40(i) ? 40 : 32);
		n = add(o, n, max, REF_B, 0, 7, 32);
		return add(o, n, max, REF_C, 0, 7, 32);
	case I915_OAM_FORMAT_MPEC8u64_B8_C8:
		n = add(o, n, max, REF_M, 0, 7, 64);
		n = add(o, n, max, REF_B, 0, 7, 32);
		return add(o, n, max, REF_C, 0, 7, 32);
	case I915_OAM_FORMAT_MPEC8u32_B8_C8:
		n = add(o, n, max, REF_M, 0, 7, 32);
		n = add(o, n, max, REF_B, 0, 7, 32);
		return add(o, n, max, REF_C, 0, 7, 32);
	default:
		return 0;
	}
}

/*
 * gen6-gen7.rst, SNB: "A<n> is at DW(7 - n) for n <= 4 and at
 * DW(16r + 4 - n) with r = (n + 3) / 8 for 5 <= n <= 28".
 */
static int snb_a_dword(int n)
{
	return n <= 4 ? 7 - n : 16 * ((n + 3) / 8) + 4 - n;
}

/* Gen6-7.5 dword of counter @kind @n, or -1 */
static int gen7_dword(unsigned int id, int kind, int n)
{
	switch (id) {
	case REF_SNB_A13:
	case REF_SNB_A29:
		return kind == REF_A ? snb_a_dword(n) : -1;
	case REF_SNB_A13_B4:
		return kind == REF_A ? snb_a_dword(n) :
		       kind == REF_B ? 16 + n : -1;
	case REF_SNB_A29_B4:
		return kind == REF_A ? snb_a_dword(n) :
		       kind == REF_B ? 32 + n : -1;
	case I915_OA_FORMAT_A13:
	case I915_OA_FORMAT_A29:
	case REF_IVB_A13:
	case REF_IVB_A29:
		return kind == REF_A ? 3 + n : -1;
	case REF_IVB_A13_B4:
		return kind == REF_A ? 3 + n : kind == REF_B ? 16 + n : -1;
	case REF_IVB_A29_B4:
		return kind == REF_A ? 3 + n : kind == REF_B ? 32 + n : -1;
	case REF_IVB_A45_B4:
		return kind == REF_A ? 3 + n : kind == REF_B ? 48 + n : -1;
	case REF_IVB_A16:
		return kind == REF_A ? n - 13 : -1;
	/* Haswell C counters: IGT's hsw_oa_formats c_off / 4 */
	case I915_OA_FORMAT_A13_B8_C8:
		return kind == REF_A ? 3 + n : kind == REF_B ? 16 + n :
		       kind == REF_C ? 24 + n : -1;
	case REF_HSW_A29_B8_C8:
		return kind == REF_A ? 3 + n : kind == REF_B ? 32 + n :
		       kind == REF_C ? 40 + n : -1;
	case I915_OA_FORMAT_B4_C8:
		return kind == REF_B ? 4 + n : kind == REF_C ? 8 + n : -1;
	case I915_OA_FORMAT_A45_B8_C8:
		return kind == REF_A ? 3 + n : kind == REF_B ? 48 + n :
		       kind == REF_C ? 56 + n : -1;
	case I915_OA_FORMAT_B4_C8_A16:
		return kind == REF_B ? 4 + n : kind == REF_C ? 8 + n :
		       kind == REF_A ? 16 + (n - 29) : -1;
	case I915_OA_FORMAT_C4_B8:
		return kind == REF_C ? 4 + n : kind == REF_B ? 8 + n : -1;
	default:
		return -1;
	}
}

int ref_gen7_extras(unsigned int id, int *inst_dw, int *res_first,
		    int *res_last)
{
	*inst_dw = -1;
	*res_first = -1;
	*res_last = -1;
	switch (id) {
	case REF_SNB_A13:
	case REF_SNB_A29:
	case REF_IVB_A13:
	case REF_IVB_A29:
	case I915_OA_FORMAT_A13:
	case I915_OA_FORMAT_A29:
		return 0;
	case REF_SNB_A13_B4:
	case REF_IVB_A13_B4:
		*res_first = 20;
		*res_last = 31;
		return 0;
	case REF_SNB_A29_B4:
	case REF_IVB_A29_B4:
		*res_first = 36;
		*res_last = 47;
		return 0;
	case REF_IVB_A45_B4:
		*res_first = 52;
		*res_last = 63;
		return 0;
	case REF_IVB_A16:
		*res_first = 3;
		*res_last = 15;
		return 0;
	case I915_OA_FORMAT_A13_B8_C8:
	case REF_HSW_A29_B8_C8:
	case I915_OA_FORMAT_A45_B8_C8:
		return 0;
	case I915_OA_FORMAT_B4_C8:
	case I915_OA_FORMAT_B4_C8_A16:
	case I915_OA_FORMAT_C4_B8:
		*inst_dw = 3;
		return 0;
	default:
		return -1;
	}
}

/* dword index of a 32-bit (or low dword of a 40-bit) counter, or -1 */
static int ref_dword(const struct ref_format *rf, int kind, int n)
{
	if (rf->ver < 800)
		return gen7_dword(rf->id, kind, n);
	switch (rf->id) {
	case I915_OA_FORMAT_C4_B8:
		return kind == REF_C ? 4 + n : kind == REF_B ? 8 + n : -1;
	case I915_OA_FORMAT_A12:
		return kind == REF_A ? 4 + (n - 7) : -1;
	case I915_OA_FORMAT_A12_B8_C8:
		return kind == REF_A ? 4 + (n - 7) : kind == REF_B ? 16 + n :
		       kind == REF_C ? 24 + n : -1;
	case I915_OA_FORMAT_A32u40_A4u32_B8_C8:
	case I915_OAR_FORMAT_A32u40_A4u32_B8_C8:
		return kind == REF_A ? 4 + n : kind == REF_B ? 48 + n :
		       kind == REF_C ? 56 + n : -1;
	case I915_OA_FORMAT_A24u40_A14u32_B8_C8:
		if (kind == REF_A)
			return n == 36 ? 40 : n == 37 ? 46 : 4 + n;
		return kind == REF_B ? 48 + n : kind == REF_C ? 56 + n : -1;
	case I915_OAM_FORMAT_MPEC8u64_B8_C8:
		return kind == REF_M ? 8 + 2 * n : kind == REF_B ? 24 + n :
		       kind == REF_C ? 32 + n : -1;
	case I915_OAM_FORMAT_MPEC8u32_B8_C8:
		return kind == REF_M ? 8 + n : kind == REF_B ? 16 + n :
		       kind == REF_C ? 24 + n : -1;
	default:
		return -1;
	}
}

int ref_place(const struct ref_format *rf, const struct ref_counter *c,
	      uint64_t value, uint8_t *buf)
{
	int d = ref_dword(rf, c->kind, c->index);

	if (d < 0)
		return -1;
	switch (c->width) {
	case 64:
		put64(buf, 4u * (unsigned int)d, value);
		break;
	case 40:
		/* high bytes: one per A counter from byte 160 (dword 40) */
		put32(buf, 4u * (unsigned int)d, (uint32_t)value);
		put8(buf, 160u + (unsigned int)c->index, (uint8_t)(value >> 32));
		break;
	default:
		put32(buf, 4u * (unsigned int)d, (uint32_t)value);
		break;
	}
	return 0;
}

void ref_place_header(int hdr, const struct ref_header *h, uint8_t *buf)
{
	switch (hdr) {
	case REF_HDR_GEN7:
		/* TIME_STAMP: 36 bits, 35:32 in DW2, whose bits 31:4 are 0 */
		put32(buf, 0, (uint32_t)h->rpt_id);
		put32(buf, 4, (uint32_t)h->timestamp);
		put32(buf, 8, (uint32_t)(h->timestamp >> 32) & 0xf);
		break;
	case REF_HDR_32:
		put32(buf, 0, (uint32_t)h->rpt_id);
		put32(buf, 4, (uint32_t)h->timestamp);
		put32(buf, 8, h->ctx_id);
		put32(buf, 12, (uint32_t)h->gpu_ticks);
		break;
	default:
		put64(buf, 0, h->rpt_id);
		put64(buf, 8, h->timestamp);
		put8(buf, 15, 0xab);	/* TIME_STAMP is 55:0; 63:56 reserved */
		put32(buf, 16, h->ctx_id);
		put32(buf, 20, 0xdeadbeef);	/* reserved CTX_ID high dword */
		put64(buf, 24, h->gpu_ticks);
		break;
	}
}

uint64_t ref_value(int kind, int index, int width, unsigned int salt)
{
	uint64_t v;

	v = (uint64_t)(kind + 1) << 28 | (uint64_t)index << 20 |
	    ((salt * 0x9e37u + 0x1234u) & 0xfffffu);
	v |= (uint64_t)(0x80u | (unsigned int)(index * 3 + kind)) << 32;
	v |= (uint64_t)(0x5a000000u | (unsigned int)kind << 16 |
			(unsigned int)index << 8 | (salt & 0xffu)) << 40;
	return width >= 64 ? v : v & ((1ull << width) - 1);
}
