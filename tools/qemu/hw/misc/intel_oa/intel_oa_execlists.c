/*
 * intel-oa-gpu: execlist submission of the render command streamer
 * (Gen8 and later) and the PPGTT its contexts address (see intel_oa_cs.h
 * and Documentation/command-streamer.rst, "Execlists").
 *
 * Facts from i915 (gt/intel_engine_regs.h, intel_lrc.h, intel_lrc_reg.h,
 * intel_execlists_submission.c, intel_engine.h, i915_reg.h), RCS base
 * 0x2000:
 *
 * - RING_MODE_GEN7 0x229c (masked), GFX_RUN_LIST_ENABLE bit 15;
 * - RING_HWS_PGA 0x2080, the engine's status page;
 * - RING_ELSP 0x2230: four dword writes, element 1's descriptor high and
 *   low dwords, then element 0's; the fourth submits;
 * - RING_CONTEXT_STATUS_BUF 0x2370 (six entries of two dwords), mirrored
 *   in the status page from dword 0x10 (I915_HWS_CSB_BUF0_INDEX), the
 *   write pointer in dword 0x1f (I915_HWS_CSB_WRITE_INDEX);
 *   RING_CONTEXT_STATUS_PTR 0x23a0, read pointer bits 10:8, write pointer
 *   bits 2:0, written with a 16-bit write mask;
 * - CSB status bits: idle-to-active 0, preempted 1, element switch 2,
 *   active-to-idle 3, complete 4; the entry's second dword is the
 *   context ID;
 * - the context descriptor: valid bit 0, addressing mode bits 4:3
 *   (3: 64-bit legacy, a 4-level PPGTT whose PML4 is PDP0; 1: 32-bit
 *   legacy, 3 levels, PDP0-3 each a page directory for 1 GiB), privilege
 *   bit 8, the LRCA bits 31:12, the context ID bits 52:32;
 * - GT_CONTEXT_SWITCH_INTERRUPT: GT bank 0 (and RING_IMR) bit 8.
 *
 * Gen11 and later (the same sources and i915 intel_lrc.c set_offsets()):
 *
 * - execlist mode is RING_MODE_GEN7's GEN11_GFX_DISABLE_LEGACY_MODE,
 *   bit 3; the ELSP gives way to the submission queue
 *   RING_EXECLIST_SQ_CONTENTS 0x2510 (element n's low and high dwords at
 *   + 8n) and RING_EXECLIST_CONTROL 0x2550, whose EL_CTRL_LOAD (bit 0)
 *   submits;
 * - twelve CSB entries (0x2370, then 0x23c0 for 6-11), pointers 4 bits
 *   wide, the status page's write pointer in dword 0x2f;
 * - the descriptor's context ID is the software context ID, bits 47:37
 *   (Xe-HP, 12.50 and later: bits 54:39);
 * - Gen12 CSB entries (gen12_csb_parse()): the lower dword names the
 *   context switched to in bits 25:15 (0x7ff: none) with bit 0 "switched
 *   to a new queue", the upper the context switched away from, bits
 *   25:15; Xe-HP: the IDs in bits 31:10 (0xffff: none) and "new queue" in
 *   the upper dword's bit 1;
 * - register-state LRIs carry MI_LRI_LRM_CS_MMIO (bit 19), the closing
 *   MI_BATCH_BUFFER_END bit 0;
 * - the context-switch interrupt is bit 8 of the RCS0 instance's vector.
 *
 * On Gen12 a context's state also holds OAR_OACONTROL 0x2960 and
 * OACTXCONTROL 0x2360 (i915 gen12_configure_oar_context()).
 *
 * The context image: the page at the LRCA is the per-process status page,
 * the register state follows at LRCA + 4096 as i915's intel_lrc.c lays
 * it out: MI_LOAD_REGISTER_IMM blocks of (register, value) pairs between
 * MI_NOOPs, closed by MI_BATCH_BUFFER_END. A load executes the blocks:
 * the engine's own registers (CTX_CONTEXT_CONTROL 0x2244, RING_HEAD,
 * TAIL, START, CTL, PDP0-3 0x2270-0x228c) become the engine's, the rest
 * go to the register file as an LRI's would, unless the context control
 * inhibits the restore. A save writes back RING_HEAD, CTX_CONTEXT_CONTROL
 * and (Gen12) the OA context registers into the slots the image has for
 * them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "sysemu/dma.h"
#include "intel_oa_cs.h"
#include "intel_oa_regs.h"
#include "trace.h"

#define EL_HWS_PGA              A_RCS_RING_HWS_PGA
#define EL_RING_TAIL            A_RCS_RING_TAIL
#define EL_RING_HEAD            A_RCS_RING_HEAD
#define EL_RING_START           A_RCS_RING_START
#define EL_RING_CTL             A_RCS_RING_CTL
#define EL_ELSP                 A_RCS_RING_ELSP
#define EL_STATUS_LO            A_RCS_RING_EXECLIST_STATUS_LO
#define EL_STATUS_HI            A_RCS_RING_EXECLIST_STATUS_HI
#define EL_CTX_CONTROL          A_RCS_CTX_CONTEXT_CONTROL
#define EL_PDP0_LDW             A_RCS_CTX_PDP0_LDW
#define EL_PDP3_UDW             A_RCS_CTX_PDP3_UDW
#define EL_RING_MODE            A_RCS_RING_MODE_GEN7
#define EL_CSB_BUF              A_RCS_RING_CONTEXT_STATUS_BUF
#define EL_CSB_BUF2             A_RCS_RING_CONTEXT_STATUS_BUF2
#define EL_CSB_PTR              A_RCS_RING_CONTEXT_STATUS_PTR
#define EL_SQ                   A_RCS_RING_EXECLIST_SQ_CONTENTS
#define EL_CONTROL              A_RCS_RING_EXECLIST_CONTROL
#define EL_OAR_CONTROL          A_GEN12_OAR_OACONTROL
#define EL_OACTXCONTROL         A_OACTXCONTROL

#define EL_CSB_IDLE_ACTIVE      (1u << 0)
#define EL_CSB_ELEMENT_SWITCH   (1u << 2)
#define EL_CSB_ACTIVE_IDLE      (1u << 3)
#define EL_CSB_COMPLETE         (1u << 4)
#define EL_HWS_CSB_BUF0         0x10
#define EL_CONTEXT_SWITCH       (1u << 8)
/* Gen12 and Xe-HP CSB entries */
#define EL_GEN12_NEW_QUEUE      (1u << 0)
#define EL_GEN12_ID_SHIFT       15
#define EL_GEN12_IDLE           0x7ffu
#define EL_XEHP_NEW_QUEUE       (1u << 1)
#define EL_XEHP_ID_SHIFT        10
#define EL_XEHP_IDLE            0xffffu

#define EL_DESC_VALID           (1ull << 0)
#define EL_DESC_MODE(d)         (((d) >> 3) & 3)
#define EL_DESC_MODE_64B        3
#define EL_DESC_MODE_32B        1
#define EL_DESC_LRCA(d)         ((uint32_t)(d) & 0xfffff000u)

#define EL_CTX_RESTORE_INHIBIT  R_RCS_CTX_CONTEXT_CONTROL_RESTORE_INHIBIT_MASK

/* MI_LOAD_REGISTER_IMM, MI_NOOP, MI_BATCH_BUFFER_END headers */
#define EL_MI_OP(h)             (((h) >> 23) & 0x3f)
#define EL_MI_LRI               0x22
#define EL_MI_BB_END            0x0a
/* the register state the model reads of an image: two pages */
#define EL_STATE_DWORDS         2048
#define EL_PAGE                 4096u

/* Gen8 PPGTT entries: present bit 0, the next level's address 47:12 */
#define PPGTT_PRESENT           1ull
#define PPGTT_ADDR              0x0000fffffffff000ull

static bool el_gen8(const IntelOACs *cs)
{
    return cs->el == INTEL_OA_EL_GEN8;
}

static unsigned int el_csb_entries(const IntelOACs *cs)
{
    return el_gen8(cs) ? 6 : INTEL_OA_CSB_ENTRIES;
}

/* the status-page dword of the CSB write pointer */
static uint32_t el_hws_csb_write(const IntelOACs *cs)
{
    return el_gen8(cs) ? 0x1f : 0x2f;
}

/* RING_MODE_GEN7's execlist-mode bit */
static uint32_t el_run_list_bit(const IntelOACs *cs)
{
    return el_gen8(cs) ? R_RCS_RING_MODE_GEN7_RUN_LIST_ENABLE_MASK :
                         R_RCS_RING_MODE_GEN7_DISABLE_LEGACY_MODE_MASK;
}

/*
 * The context ID field of a descriptor's upper dword (what OA reports
 * carry): Gen8/9 bits 52:32, Gen11/12 47:37, Xe-HP 54:39; and its shift.
 */
static uint32_t el_id_mask(const IntelOACs *cs, unsigned int *shift)
{
    switch (cs->el) {
    case INTEL_OA_EL_GEN11:
    case INTEL_OA_EL_GEN12:
        *shift = 5;
        return 0x7ffu << 5;
    case INTEL_OA_EL_XEHP:
        *shift = 7;
        return 0xffffu << 7;
    default:
        *shift = 0;
        return 0x1fffff;
    }
}

static uint32_t el_desc_id(const IntelOACs *cs, uint64_t desc)
{
    unsigned int shift;

    return (uint32_t)(desc >> 32) & el_id_mask(cs, &shift);
}

/* the running context's ID as a CSB entry of Gen12 or Xe-HP names it */
static uint32_t el_sw_id(const IntelOACs *cs, uint32_t id)
{
    unsigned int shift;

    return (id & el_id_mask(cs, &shift)) >> shift;
}

bool intel_oa_ppgtt_translate(IntelOACs *cs, uint64_t addr, uint64_t *phys)
{
    uint64_t table = cs->pdp[0] & PPGTT_ADDR;
    int level = 3;

    if (cs->legacy32) {
        /* 32-bit: bits 31:30 pick the PDP register, a page directory */
        if (addr >> 32 || !(cs->pdp[addr >> 30] & PPGTT_ADDR)) {
            return false;
        }
        table = cs->pdp[addr >> 30] & PPGTT_ADDR;
        level = 1;
    } else if (addr >> 48) {
        return false;
    }
    for (; level >= 0; level--) {
        unsigned int idx = (addr >> (12 + 9 * level)) & 511;
        uint64_t e;

        if (dma_memory_read(cs->dma_as, table + 8 * idx, &e, 8,
                            MEMTXATTRS_UNSPECIFIED) != MEMTX_OK) {
            return false;
        }
        e = le64_to_cpu(e);
        if (!(e & PPGTT_PRESENT)) {
            return false;
        }
        table = e & PPGTT_ADDR;
    }
    *phys = table | (addr & (EL_PAGE - 1));
    return true;
}

void intel_oa_execlists_reset(IntelOACs *cs)
{
    cs->gfx_mode = 0;
    memset(cs->elsp, 0, sizeof(cs->elsp));
    cs->elsp_n = 0;
    memset(cs->sq, 0, sizeof(cs->sq));
    cs->port[0] = 0;
    cs->port[1] = 0;
    cs->port_idx = 0;
    cs->ctx_active = false;
    cs->lrca = 0;
    cs->hw_ctx_id = 0;
    memset(cs->pdp, 0, sizeof(cs->pdp));
    cs->legacy32 = false;
    cs->ctx_ctl = 0;
    cs->oar_control = 0;
    cs->oa_ctx_ctl = 0;
    cs->head_slot = 0;
    cs->ctl_slot = 0;
    cs->oar_slot = 0;
    cs->oactx_slot = 0;
    memset(cs->csb, 0, sizeof(cs->csb));
    /* the first entry the engine writes after a reset is entry 0 */
    cs->csb_wp = el_csb_entries(cs) - 1;
    cs->csb_rp = el_csb_entries(cs) - 1;
    cs->ctx_loads = 0;
}

/* Append a CSB entry, mirror it in the status page, interrupt. */
static void el_csb_entry(IntelOACs *cs, uint32_t lo, uint32_t hi)
{
    uint32_t wp = (cs->csb_wp + 1) % el_csb_entries(cs);
    uint32_t hws = cs->hws_pga;
    uint8_t b[8];

    cs->csb[wp][0] = lo;
    cs->csb[wp][1] = hi;
    cs->csb_wp = wp;
    trace_intel_oa_execlists_csb(wp, lo, hi, hws);
    /* GGTT 0 is an address like any other */
    stl_le_p(b, lo);
    stl_le_p(b + 4, hi);
    intel_oa_cs_access(cs, hws + 4 * (EL_HWS_CSB_BUF0 + 2 * wp), false, b, 8,
                       true);
    stl_le_p(b, wp);
    intel_oa_cs_access(cs, hws + 4 * el_hws_csb_write(cs), false, b, 4, true);
    if (!(cs->imr & EL_CONTEXT_SWITCH)) {
        intel_oa_irq_render_event(cs->irq, EL_CONTEXT_SWITCH);
    }
}

/*
 * The CSB entry of a switch from the context of ID @away (0: the engine
 * was idle) to the one of ID @to (0: to idle), in the platform's format.
 */
static void el_csb(IntelOACs *cs, uint32_t away, uint32_t to)
{
    uint32_t a = away ? el_sw_id(cs, away) : 0, t = to ? el_sw_id(cs, to) : 0;

    switch (cs->el) {
    case INTEL_OA_EL_GEN12:
        el_csb_entry(cs, (to ? t : EL_GEN12_IDLE) << EL_GEN12_ID_SHIFT |
                         (away ? 0 : EL_GEN12_NEW_QUEUE),
                     (away ? a : EL_GEN12_IDLE) << EL_GEN12_ID_SHIFT);
        return;
    case INTEL_OA_EL_XEHP:
        el_csb_entry(cs, (to ? t : EL_XEHP_IDLE) << EL_XEHP_ID_SHIFT,
                     (away ? a : EL_XEHP_IDLE) << EL_XEHP_ID_SHIFT |
                     (away ? 0 : EL_XEHP_NEW_QUEUE));
        return;
    default:
        if (!away) {
            el_csb_entry(cs, EL_CSB_IDLE_ACTIVE, to);
        } else if (to) {
            el_csb_entry(cs, EL_CSB_ELEMENT_SWITCH | EL_CSB_COMPLETE, away);
        } else {
            el_csb_entry(cs, EL_CSB_COMPLETE | EL_CSB_ACTIVE_IDLE, away);
        }
        return;
    }
}

/* One (register, value) pair of the image's register state. */
static void el_restore_reg(IntelOACs *cs, uint32_t reg, uint32_t val,
                           uint32_t slot, bool inhibit)
{
    switch (reg) {
    case EL_CTX_CONTROL:
        /* masked: bits 31:16 say which of 15:0 the image sets */
        cs->ctx_ctl = val & (val >> 16) & 0xffff;
        cs->ctl_slot = slot;
        return;
    case EL_RING_HEAD:
        cs->head = val;
        cs->head_slot = slot;
        return;
    case EL_RING_TAIL:
        cs->tail = val & 0x1ffff8u;
        return;
    case EL_RING_START:
        cs->start = val & 0xfffff000u;
        return;
    case EL_RING_CTL:
        cs->ctl = val & 0x001ff001u;
        return;
    }
    if (cs->el >= INTEL_OA_EL_GEN12 &&
        (reg == EL_OAR_CONTROL || reg == EL_OACTXCONTROL)) {
        uint32_t *r = reg == EL_OAR_CONTROL ? &cs->oar_control :
                                              &cs->oa_ctx_ctl;

        *(reg == EL_OAR_CONTROL ? &cs->oar_slot : &cs->oactx_slot) = slot;
        if (!inhibit) {
            *r = val;
        }
        return;
    }
    if (reg >= EL_PDP0_LDW && reg <= EL_PDP3_UDW) {
        /* PDPn: the low dword at 0x2270 + 8n, the high at + 4 */
        unsigned int n = (reg - EL_PDP0_LDW) / 8;

        if (reg & 4) {
            cs->pdp[n] = (cs->pdp[n] & 0xffffffffull) | (uint64_t)val << 32;
        } else {
            cs->pdp[n] = (cs->pdp[n] & ~0xffffffffull) | val;
        }
        return;
    }
    if (!inhibit) {
        cs->reg_write(cs->reg_opaque, reg, val);
    }
}

/*
 * Execute the register state of the context at @lrca. Returns false
 * (after counting a violation) where the image is not one.
 */
static bool el_restore(IntelOACs *cs, uint32_t lrca)
{
    g_autofree uint32_t *st = g_new(uint32_t, EL_STATE_DWORDS);
    uint32_t i = 0, pass;

    if (!intel_oa_cs_access(cs, lrca + EL_PAGE, false, st,
                            EL_STATE_DWORDS * 4, false)) {
        return false;
    }
    cs->head_slot = 0;
    cs->ctl_slot = 0;
    cs->oar_slot = 0;
    cs->oactx_slot = 0;
    /* a context whose restore is inhibited starts with its OA off */
    cs->oar_control = 0;
    cs->oa_ctx_ctl = 0;
    /* the context control first: its inhibit bit governs the rest */
    for (pass = 0; pass < 2; pass++) {
        bool inhibit = cs->ctx_ctl & EL_CTX_RESTORE_INHIBIT;

        for (i = 0; i < EL_STATE_DWORDS; i++) {
            uint32_t hdr = le32_to_cpu(st[i]), n, j;

            if (!hdr) {
                continue;
            }
            if (hdr >> 29 == 0 && EL_MI_OP(hdr) == EL_MI_BB_END) {
                break;
            }
            if (hdr >> 29 != 0 || EL_MI_OP(hdr) != EL_MI_LRI) {
                intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_BAD_CONTEXT,
                                   "context image at GGTT 0x%08x: dword "
                                   "0x%x of its register state is 0x%08x, "
                                   "neither an LRI nor the closing "
                                   "MI_BATCH_BUFFER_END", lrca, i, hdr);
                return false;
            }
            n = ((hdr & 0xff) + 1) / 2;
            for (j = 0; j < n && i + 2 < EL_STATE_DWORDS; j++) {
                uint32_t reg = le32_to_cpu(st[i + 1]) & 0x7ffffc;
                uint32_t val = le32_to_cpu(st[i + 2]);

                i += 2;
                if (pass == 0) {
                    if (reg == EL_CTX_CONTROL) {
                        el_restore_reg(cs, reg, val, EL_PAGE + 4 * i, true);
                    }
                } else if (reg != EL_CTX_CONTROL) {
                    el_restore_reg(cs, reg, val, EL_PAGE + 4 * i, inhibit);
                }
            }
        }
        if (i == EL_STATE_DWORDS) {
            intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_BAD_CONTEXT,
                               "context image at GGTT 0x%08x: no "
                               "MI_BATCH_BUFFER_END in its first %u "
                               "register-state dwords", lrca,
                               EL_STATE_DWORDS);
            return false;
        }
    }
    return true;
}

/* Load element @idx of the ports. Returns false if it cannot run. */
static bool el_load(IntelOACs *cs, unsigned int idx)
{
    uint64_t desc = cs->port[idx];

    cs->port_idx = idx;
    if (!(desc & EL_DESC_VALID)) {
        return false;
    }
    if (EL_DESC_MODE(desc) != EL_DESC_MODE_64B &&
        EL_DESC_MODE(desc) != EL_DESC_MODE_32B) {
        intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_BAD_CONTEXT,
                           "context descriptor 0x%016" PRIx64 ": addressing "
                           "mode %u; only the legacy ones (1: 32-bit, 3: "
                           "64-bit) are modelled", desc,
                           (unsigned int)EL_DESC_MODE(desc));
        return false;
    }
    cs->lrca = EL_DESC_LRCA(desc);
    cs->hw_ctx_id = el_desc_id(cs, desc);
    cs->legacy32 = EL_DESC_MODE(desc) == EL_DESC_MODE_32B;
    memset(cs->pdp, 0, sizeof(cs->pdp));
    cs->level = INTEL_OA_CS_RING;
    cs->bb_ppgtt = false;
    if (!el_restore(cs, cs->lrca)) {
        return false;
    }
    cs->ctx_loads++;
    cs->ctx_active = true;
    trace_intel_oa_execlists_load(cs->lrca, cs->hw_ctx_id, cs->head,
                                  cs->tail);
    /* OA reports name the running context by its descriptor's ID */
    intel_oa_unit_set_context(cs->oa, cs->hw_ctx_id);
    return true;
}

static void el_save_slot(IntelOACs *cs, uint32_t slot, uint32_t val)
{
    uint8_t b[4];

    if (slot) {
        stl_le_p(b, val);
        intel_oa_cs_access(cs, cs->lrca + slot, false, b, 4, true);
    }
}

/*
 * Write the context state the model keeps back into its image: RING_HEAD,
 * CTX_CONTEXT_CONTROL (all bits, masked, the restore no longer
 * inhibited: the image now holds a saved state) and Gen12's OA context
 * registers.
 */
static void el_save(IntelOACs *cs)
{
    el_save_slot(cs, cs->head_slot, cs->head);
    el_save_slot(cs, cs->ctl_slot, 0xffff0000u |
                 (cs->ctx_ctl & ~EL_CTX_RESTORE_INHIBIT));
    el_save_slot(cs, cs->oar_slot, cs->oar_control);
    el_save_slot(cs, cs->oactx_slot, cs->oa_ctx_ctl);
}

void intel_oa_execlists_ring_empty(IntelOACs *cs)
{
    uint32_t id = cs->hw_ctx_id;

    el_save(cs);
    cs->ctx_active = false;
    intel_oa_unit_set_context(cs->oa, 0);
    if (cs->port_idx == 0 && (cs->port[1] & EL_DESC_VALID)) {
        el_csb(cs, id, el_desc_id(cs, cs->port[1]));
        if (el_load(cs, 1)) {
            return;
        }
    } else {
        el_csb(cs, id, 0);
    }
    cs->port[0] = 0;
    cs->port[1] = 0;
}

static void el_submit(IntelOACs *cs)
{
    cs->elsp_n = 0;
    if (cs->ctx_active) {
        intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_ELSP_WHILE_ACTIVE,
                           "ELSP written while context 0x%x runs: "
                           "preemption and lite restore are not modelled; "
                           "ignored", cs->hw_ctx_id);
        return;
    }
    if (!(cs->gfx_mode & el_run_list_bit(cs))) {
        intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_RING_IN_EXECLISTS,
                           "context submitted while RING_MODE (0x%08x) "
                           "does not select execlist mode; ignored",
                           cs->gfx_mode);
        return;
    }
    if (el_gen8(cs)) {
        cs->port[1] = (uint64_t)cs->elsp[0] << 32 | cs->elsp[1];
        cs->port[0] = (uint64_t)cs->elsp[2] << 32 | cs->elsp[3];
    } else {
        cs->port[0] = (uint64_t)cs->sq[1] << 32 | cs->sq[0];
        cs->port[1] = (uint64_t)cs->sq[3] << 32 | cs->sq[2];
    }
    trace_intel_oa_execlists_submit(cs->port[0], cs->port[1]);
    if (!el_load(cs, 0)) {
        cs->port[0] = 0;
        cs->port[1] = 0;
        return;
    }
    el_csb(cs, 0, cs->hw_ctx_id);
    intel_oa_cs_kick(cs);
}

bool intel_oa_execlists_mmio_read(IntelOACs *cs, hwaddr addr, uint32_t *val)
{
    if (addr >= EL_CSB_BUF && addr < EL_CSB_BUF + 8 * 6) {
        *val = cs->csb[(addr - EL_CSB_BUF) / 8][(addr % 8) / 4];
        return true;
    }
    if (!el_gen8(cs) && addr >= EL_CSB_BUF2 && addr < EL_CSB_BUF2 + 8 * 6) {
        *val = cs->csb[6 + (addr - EL_CSB_BUF2) / 8][(addr % 8) / 4];
        return true;
    }
    if (!el_gen8(cs) && addr >= EL_SQ && addr < EL_SQ + 16) {
        *val = cs->sq[(addr - EL_SQ) / 4];
        return true;
    }
    if (cs->el >= INTEL_OA_EL_GEN12 && addr == EL_OAR_CONTROL) {
        *val = cs->oar_control;
        return true;
    }
    if (cs->el >= INTEL_OA_EL_GEN12 && addr == EL_OACTXCONTROL) {
        *val = cs->oa_ctx_ctl;
        return true;
    }
    switch (addr) {
    case EL_HWS_PGA:
        *val = cs->hws_pga;
        return true;
    case EL_RING_MODE:
        *val = cs->gfx_mode;
        return true;
    case EL_CSB_PTR:
        *val = cs->csb_rp << 8 | cs->csb_wp;
        return true;
    case EL_STATUS_LO:
        /* bit 0 (i915 does not read it): a context is active */
        *val = cs->ctx_active;
        return true;
    case EL_STATUS_HI:
        *val = cs->ctx_active ? cs->hw_ctx_id : 0;
        return true;
    case EL_CTX_CONTROL:
        *val = cs->ctx_ctl;
        return true;
    case EL_ELSP:
        *val = 0;
        return true;
    }
    return false;
}

bool intel_oa_execlists_mmio_write(IntelOACs *cs, hwaddr addr, uint32_t val)
{
    uint32_t mask = val >> 16;
    uint32_t ptr = el_gen8(cs) ? 0x7 : 0xf;

    if (!el_gen8(cs) && addr >= EL_SQ && addr < EL_SQ + 16) {
        cs->sq[(addr - EL_SQ) / 4] = val;
        return true;
    }
    if (cs->el >= INTEL_OA_EL_GEN12 && addr == EL_OAR_CONTROL) {
        cs->oar_control = val;
        return true;
    }
    if (cs->el >= INTEL_OA_EL_GEN12 && addr == EL_OACTXCONTROL) {
        cs->oa_ctx_ctl = val;
        return true;
    }
    switch (addr) {
    case EL_CTX_CONTROL:
        /* masked; the restore inhibit matters only in an image */
        cs->ctx_ctl = (cs->ctx_ctl & ~mask) | (val & mask & 0xffff);
        return true;
    case EL_CONTROL:
        if (el_gen8(cs)) {
            return false;
        }
        if (val & R_RCS_RING_EXECLIST_CONTROL_LOAD_MASK) {
            el_submit(cs);
        }
        return true;
    case EL_HWS_PGA:
        cs->hws_pga = val & 0xfffff000u;
        return true;
    case EL_RING_MODE:
        cs->gfx_mode = (cs->gfx_mode & ~mask) | (val & mask);
        return true;
    case EL_ELSP:
        if (!el_gen8(cs)) {
            intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_WRONG_SUBMIT_PORT,
                               "ELSP written on a Gen11+ engine, which "
                               "takes contexts through the submission "
                               "queue and EL_CTRL_LOAD; ignored");
            return true;
        }
        cs->elsp[cs->elsp_n++] = val;
        if (cs->elsp_n == 4) {
            el_submit(cs);
        }
        return true;
    case EL_CSB_PTR:
        if (mask & (ptr << 8)) {
            cs->csb_rp = ((val >> 8) & ptr) % el_csb_entries(cs);
        }
        if (mask & ptr) {
            cs->csb_wp = (val & ptr) % el_csb_entries(cs);
        }
        return true;
    case EL_RING_TAIL:
    case EL_RING_HEAD:
    case EL_RING_START:
    case EL_RING_CTL:
        if (cs->gfx_mode & el_run_list_bit(cs)) {
            intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_RING_IN_EXECLISTS,
                               "ring register 0x%04" HWADDR_PRIx " written in "
                               "execlist mode: a context image holds it; "
                               "ignored", addr);
            return true;
        }
        return false;
    }
    return false;
}
