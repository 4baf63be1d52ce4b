/*
 * intel-oa-gpu: what the OA unit's two halves share. intel_oa_unit.c keeps
 * time (the batching timer, due reports), writes reports and models the
 * buffer filling up; intel_oa_unit_regs.c is the register front ends of
 * the three register-block variants. Nothing outside those two files
 * includes this header.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_UNIT_INT_H
#define HW_MISC_INTEL_OA_UNIT_INT_H

#include "intel_oa_unit.h"

/*
 * Where each OA register lives in one register-block variant, and the
 * rules that differ between the variants. Offset 0 = not present.
 */
struct IntelOARegLayout {
    const char *name;
    hwaddr addr[OA_REG_COUNT];
    hwaddr starttrig;
    hwaddr reporttrig;
    hwaddr cec;
    hwaddr noa_out;             /* HSW NOA output selects */
    /* the NOA mux window the unit's metrics set writes */
    hwaddr noa;
    hwaddr noa_size;
    /* the render GT's flex EU counter controls belong to this unit */
    bool has_flex;
    uint32_t status_mask;
    /* counter select checked when enabling (OAG) or on every write */
    bool select_at_enable;
    /* OABUFFER needs an OA TLB invalidation after a disable (OAG) */
    bool tlb_rule;
    /* registers of the other variant: writes are violations, reads 0 */
    const hwaddr *absent;
    unsigned int nr_absent;
    unsigned int nr_cec;

    /* the register front end, and how it encodes the buffer and timer */
    bool (*read)(IntelOAUnit *oa, hwaddr addr, uint32_t *val);
    bool (*write)(IntelOAUnit *oa, hwaddr addr, uint32_t val);
    uint32_t (*buf_base)(const IntelOAUnit *oa);
    uint32_t (*buf_size)(const IntelOAUnit *oa);
    /* the counter select field of a control register value */
    unsigned int (*select)(uint32_t control);
    bool (*timer_enabled)(const IntelOAUnit *oa);
    unsigned int (*timer_shift)(const IntelOAUnit *oa);

    /* Gen6/7 (gen6-gen7.rst) */
    unsigned int timer_extra;   /* SNB: period 2^(TP + 4), not 2^(TP + 1) */
    bool timer_edge;            /* the strobe is a TIME_STAMP bit rising */
    uint32_t buf_align;         /* OABUFFER alignment at enable (rule 26) */
    bool overrun;               /* a report that does not fit is written */
    bool has_no_overrun;        /* HSW OABUFFER bit 3 selects holding back */
    bool memsel_ro;             /* HSW: OASTATUS2 bit 0 reads 1 */
    bool oabuffer_wo;           /* SNB: OABUFFER reads 0 */
    uint32_t oabuffer_rw;       /* OABUFFER bits that read back */
    bool has_misccpctl;         /* GEN7_MISCCPCTL exists (rule 25) */
    bool has_oaperf;            /* HSW OAPERF_A0..A44 */
    bool counter_overflow;      /* OASTATUS1 bit 2 reports wrapped counters */
};

/* The buffer programming sequence of rule 23 (Gen6/7), one step at a time. */
enum {
    OA_SEQ_NONE,
    OA_SEQ_HEAD,        /* OASTATUS2 written */
    OA_SEQ_BUFFER,      /* then OABUFFER */
    OA_SEQ_DONE,        /* then OASTATUS1: enabling is legal */
};

/* Context-switch schedule (platforms.rst): slices of 2^20 ticks. */
#define OA_CTX_SLICE_SHIFT  20

/* The variants, indexed by IntelOAGen.block. */
extern const IntelOARegLayout intel_oa_unit_layouts[];

/* Buffer geometry under the current programming. */
uint32_t oa_unit_buf_base(const IntelOAUnit *oa);
uint32_t oa_unit_buf_size(const IntelOAUnit *oa);
bool oa_unit_in_buffer(const IntelOAUnit *oa, uint32_t addr);
uint32_t oa_unit_head(const IntelOAUnit *oa);

/* OACONTROL's counter enable, and the format its counter select picks. */
bool oa_unit_enabled(const IntelOAUnit *oa);
const IntelOAFormat *oa_unit_format(const IntelOAUnit *oa);

/*
 * Open or close the per-context gate after OACONTROL or the loaded context
 * changed (reports due before were landed under the old state).
 */
void oa_unit_gate_update(IntelOAUnit *oa);
/* N_k(T): counter @k's count of the workload at report time @ts. */
uint64_t oa_unit_workload_count(const IntelOAUnit *oa, unsigned int k,
                                uint64_t ts);
/* The counts per-context mode took from counter @k by report time @ts. */
uint64_t oa_unit_gated_count(const IntelOAUnit *oa, unsigned int k,
                             uint64_t ts);

/* Land every report due by now (before software observes the unit). */
void oa_unit_catch_up(IntelOAUnit *oa);
/*
 * One report now, outside the periodic sequence (@trig: an MMIO trigger's
 * or a context switch's): its offset in the buffer and timestamp, or false
 * if it could not be written (counted as dropped).
 */
bool oa_unit_write_one(IntelOAUnit *oa, const IntelOATrigger *trig,
                       uint32_t *offset, uint64_t *when);
/* Re-evaluate whether the timer runs after a control register write. */
void oa_unit_reconfigure(IntelOAUnit *oa);
/* Drive the half-full status level from the fill and the mask. */
void oa_unit_update_half_full_status(IntelOAUnit *oa);

/* log2 of the timer period (64: no timer), and the strobe's phase. */
unsigned int oa_unit_timer_shift(const IntelOAUnit *oa);
uint64_t oa_unit_timer_phase(const IntelOAUnit *oa);
/* Whether the unit writes context-switch reports. */
bool oa_unit_ctx_switch_enabled(const IntelOAUnit *oa);

/* Whether the unit's NOA network is powered (always, without a switch). */
bool oa_unit_noa_powered(const IntelOAUnit *oa);
/* A write of the unit's NOA power register (IntelOAGen.noa_power). */
void oa_unit_noa_power_write(IntelOAUnit *oa, uint32_t val);

/*
 * intel_oa_unit_report.c: the report for GPU timestamp @ts in the current
 * format, a periodic one or, with @trig, the one an MMIO trigger asked
 * for.
 */
void oa_unit_fill_report(const IntelOAUnit *oa, uint8_t *r, uint64_t ts,
                         const IntelOATrigger *trig);
/* The same in format @f (Gen12 OAR's, which OAR_OACONTROL selects). */
void oa_unit_fill_report_format(const IntelOAUnit *oa, const IntelOAFormat *f,
                                uint8_t *r, uint64_t ts,
                                const IntelOATrigger *trig);

#endif /* HW_MISC_INTEL_OA_UNIT_INT_H */
