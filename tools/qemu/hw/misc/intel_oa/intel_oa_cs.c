/*
 * intel-oa-gpu: the Gen6-9 render command streamer: ring buffer mode and
 * the commands (see intel_oa_cs.h and Documentation/command-streamer.rst;
 * Gen8/9 submission is intel_oa_execlists.c).
 *
 * Registers (i915 intel_engine_regs.h and intel_gt_regs.h, RCS base
 * 0x2000): RING_TAIL 0x2030, RING_HEAD 0x2034, RING_START 0x2038,
 * RING_CTL 0x203c, RING_ACTHD 0x2074, RING_MI_MODE 0x209c, RING_IMR
 * 0x20a8 and the hardware status page address RENDER_HWS_PGA_GEN7 0x4080
 * (RING_HWS_PGA_GEN6(0x2000) on Sandy Bridge, the same register).
 * Commands: i915 intel_gpu_commands.h; MI_REPORT_PERF_COUNT: seed 001,
 * "MI_REPORT_PERF_COUNT".
 *
 * Gen6/7: the PPGTT is not modelled and GFX_MODE's PPGTT enable is never
 * set by the driver, so every address (GGTT or "per-process") goes
 * through the GGTT, as on a Gen6/7 part whose PPGTT is disabled. Gen8/9:
 * a non-privileged batch's addresses are in its context's PPGTT, the
 * ring's in the address space each command's GGTT bit selects; commands
 * carry 64-bit addresses (i915 intel_gpu_commands.h, the _GEN8 forms).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "qemu/log.h"
#include "sysemu/dma.h"
#include "intel_oa_cs.h"
#include "intel_oa_regs.h"
#include "trace.h"

#define CS_RING_TAIL        A_RCS_RING_TAIL
#define CS_RING_HEAD        A_RCS_RING_HEAD
#define CS_RING_START       A_RCS_RING_START
#define CS_RING_CTL         A_RCS_RING_CTL
#define CS_RING_ACTHD       A_RCS_RING_ACTHD
#define CS_RING_MI_MODE     A_RCS_RING_MI_MODE
#define CS_RING_IMR         A_RCS_RING_IMR
#define CS_HWS_PGA          A_RENDER_HWS_PGA_GEN7

#define CS_TAIL_ADDR        0x001ffff8u
#define CS_HEAD_ADDR        0x001ffffcu
#define CS_HEAD_WRAP        0xffe00000u
#define CS_RING_NR_PAGES    0x001ff000u
#define CS_RING_VALID       0x00000001u
#define CS_PAGE_MASK        0xfffff000u
#define CS_MODE_IDLE        (1u << 9)
#define CS_STOP_RING        (1u << 8)

/* GTIIR bit 0 (i915 GT_RENDER_USER_INTERRUPT), also RING_IMR bit 0 */
#define CS_USER_INTERRUPT   (1u << 0)

/* MI opcodes (bits 28:23) */
#define MI_NOOP                 0x00
#define MI_USER_INTERRUPT       0x02
#define MI_FLUSH                0x04
#define MI_ARB_CHECK            0x05
#define MI_REPORT_HEAD          0x07
#define MI_ARB_ON_OFF           0x08
#define MI_BATCH_BUFFER_END     0x0a
#define MI_SET_CONTEXT          0x18
#define MI_STORE_DATA_IMM       0x20
#define MI_STORE_DWORD_INDEX    0x21
#define MI_LOAD_REGISTER_IMM    0x22
#define MI_STORE_REGISTER_MEM   0x24
#define MI_REPORT_PERF_COUNT    0x28
#define MI_LOAD_REGISTER_MEM    0x29
#define MI_BATCH_BUFFER_START   0x31

/* GFX_OP_PIPE_CONTROL: type 3, subtype 3, opcode 2, sub-opcode 0 */
#define CS_PIPE_CONTROL         0x7a00u
#define PC_POST_SYNC_SHIFT      14
#define PC_STORE_DATA_INDEX     (1u << 21)
/* i915 PIPE_CONTROL_GLOBAL_GTT_IVB: the address is in the GGTT */
#define PC_GLOBAL_GTT           (1u << 24)
/* i915 MI_USE_GGTT (SDI, SRM, LRM) and MI_REPORT_PERF_COUNT_GGTT */
#define MI_GGTT                 (1u << 22)
#define RPC_GGTT                (1u << 0)
/* Gen8 MI_BATCH_BUFFER_START address space indicator: 1 = PPGTT */
#define BB_PPGTT                (1u << 8)

/* The longest command the streamer reads whole: LRI of 126 registers */
#define CS_MAX_DWORDS           256
/* Commands per run: a batch that never ends cannot stall the machine */
#define CS_BUDGET               65536
#define CS_RESCHEDULE_NS        (1000 * 1000)

static uint32_t cs_ring_size(const IntelOACs *cs)
{
    return (cs->ctl & CS_RING_NR_PAGES) + INTEL_OA_GGTT_PAGE_SIZE;
}

static bool cs_running(const IntelOACs *cs)
{
    if (cs->execlists && !cs->ctx_active) {
        return false;
    }
    return (cs->ctl & CS_RING_VALID) && !(cs->mi_mode & CS_STOP_RING);
}

void intel_oa_cs_kick(IntelOACs *cs)
{
    if (cs_running(cs) && (cs->level == INTEL_OA_CS_BATCH ||
                           (cs->head & CS_HEAD_ADDR) != cs->tail ||
                           cs->execlists)) {
        timer_mod(cs->timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    }
}

/*
 * Copy between guest memory at @addr of the GGTT (or, @ppgtt, of the
 * loaded context's PPGTT) and @buf, page by page.
 */
bool intel_oa_cs_access(IntelOACs *cs, uint64_t addr, bool ppgtt, void *buf,
                        uint32_t len, bool write)
{
    const char *space = ppgtt ? "PPGTT" : "GGTT";
    uint8_t *p = buf;

    while (len) {
        uint32_t n = MIN(len, INTEL_OA_GGTT_PAGE_SIZE -
                              addr % INTEL_OA_GGTT_PAGE_SIZE);
        uint64_t phys;
        MemTxResult r;

        if (ppgtt) {
            if (!intel_oa_ppgtt_translate(cs, addr, &phys)) {
                intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_PPGTT_FAULT,
                                   "command streamer %s at PPGTT 0x%" PRIx64
                                   " of context 0x%x: no valid entry",
                                   write ? "write" : "read", addr,
                                   cs->hw_ctx_id);
                return false;
            }
        } else if (addr > UINT32_MAX ||
                   !intel_oa_ggtt_translate(cs->ggtt, addr, &phys)) {
            intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_GGTT_FAULT,
                               "command streamer %s at GGTT 0x%" PRIx64
                               ": no valid PTE", write ? "write" : "read",
                               addr);
            return false;
        }
        r = write ? dma_memory_write(cs->dma_as, phys, p, n,
                                     MEMTXATTRS_UNSPECIFIED) :
                    dma_memory_read(cs->dma_as, phys, p, n,
                                    MEMTXATTRS_UNSPECIFIED);
        if (r != MEMTX_OK) {
            intel_oa_violation(cs->viol, ppgtt ? INTEL_OA_VIOL_CS_PPGTT_FAULT :
                                               INTEL_OA_VIOL_CS_GGTT_FAULT,
                               "command streamer %s at %s 0x%" PRIx64
                               ": bus address 0x%" PRIx64 " not RAM",
                               write ? "write" : "read", space, addr, phys);
            return false;
        }
        addr += n;
        p += n;
        len -= n;
    }
    return true;
}

static bool cs_access(IntelOACs *cs, uint32_t addr, void *buf, uint32_t len,
                      bool write)
{
    return intel_oa_cs_access(cs, addr, false, buf, len, write);
}

static void cs_store32(IntelOACs *cs, uint64_t addr, bool ppgtt, uint32_t val)
{
    uint8_t b[4];

    stl_le_p(b, val);
    intel_oa_cs_access(cs, addr, ppgtt, b, 4, true);
}

static void cs_store64(IntelOACs *cs, uint64_t addr, bool ppgtt, uint64_t val)
{
    uint8_t b[8];

    stq_le_p(b, val);
    intel_oa_cs_access(cs, addr, ppgtt, b, 8, true);
}

/*
 * Gen8/9: whether a command's address is in the PPGTT. A non-privileged
 * batch has no access to the GGTT: its addresses are its context's
 * whatever the command's GGTT bit says; the ring (privileged) chooses
 * with the bit. Gen6/7: always the GGTT.
 */
static bool cs_ppgtt(const IntelOACs *cs, bool ggtt_bit)
{
    if (!cs->execlists) {
        return false;
    }
    if (cs->level == INTEL_OA_CS_BATCH && cs->bb_ppgtt) {
        return true;
    }
    return !ggtt_bit;
}

/* Gen8+ command addresses: a low and a high dword */
static uint64_t cs_addr64(const uint32_t *d)
{
    return d[0] | (uint64_t)(d[1] & 0xffff) << 32;
}

/* The status page MI_STORE_DWORD_INDEX writes: the context's PPHWSP */
static uint32_t cs_hws(const IntelOACs *cs)
{
    return cs->execlists ? cs->lrca : cs->hws_pga & CS_PAGE_MASK;
}

/* The number of dwords of the command whose first dword is @hdr. */
static uint32_t cs_length(IntelOACs *cs, uint32_t hdr)
{
    unsigned int type = hdr >> 29;
    unsigned int op = (hdr >> 23) & 0x3f;

    switch (type) {
    case 0:
        if (op < 0x10) {
            return 1;
        }
        return (hdr & (op == MI_LOAD_REGISTER_IMM ? 0xff : 0x3f)) + 2;
    case 2:
    case 3:
        return (hdr & 0xff) + 2;
    default:
        return 1;
    }
}

static void cs_unknown(IntelOACs *cs, uint64_t addr, uint32_t hdr)
{
    intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_UNKNOWN_COMMAND,
                       "command 0x%08x at 0x%" PRIx64 " is not one the "
                       "render command streamer model executes; skipped",
                       hdr, addr);
}

static void cs_user_interrupt(IntelOACs *cs)
{
    trace_intel_oa_cs_user_interrupt(cs->imr);
    if (!(cs->imr & CS_USER_INTERRUPT)) {
        intel_oa_irq_event(cs->irq, 0, CS_USER_INTERRUPT);
    }
}

/*
 * MI_REPORT_PERF_COUNT: one snapshot of the OA unit's counters in the
 * format OACONTROL's counter select names, its RPT_ID the command's report
 * ID, at a 64-byte aligned address. Gen12: OAR's counters, in the format
 * OAR_OACONTROL names, while OAR counts for the running context; the
 * model's OAR counts what the OA unit counts (command-streamer.rst).
 */
static void cs_report_perf_count(IntelOACs *cs, const uint32_t *d,
                                 uint32_t len)
{
    uint8_t r[INTEL_OA_MAX_REPORT_SIZE];
    /* Gen8: address low, high, report ID; Gen7: address, report ID */
    bool gen8 = cs->execlists;
    uint64_t addr = gen8 ? cs_addr64(&d[1]) & ~0x3full : d[1] & ~0x3fu;
    uint32_t id = gen8 ? d[3] : d[2];
    uint32_t mbz = gen8 ? 0x3e : 0x3c;
    uint32_t size;

    if (len < (gen8 ? 4u : 3u)) {
        cs_unknown(cs, 0, d[0]);
        return;
    }
    if (d[1] & mbz) {
        intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_RPC_ADDRESS,
                           "MI_REPORT_PERF_COUNT address dword 0x%08x: "
                           "bits 5:%u must be zero", d[1], gen8 ? 1 : 2);
    }
    if (cs->el >= INTEL_OA_EL_GEN12) {
        const IntelOAFormat *f;

        if (!cs->ctx_active || !(cs->ctx_ctl & INTEL_OA_CTX_CTRL_OAR_ENABLE) ||
            !FIELD_EX32(cs->oar_control, GEN12_OAR_OACONTROL,
                        COUNTER_ENABLE)) {
            intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_RPC_OAR_OFF,
                               "MI_REPORT_PERF_COUNT in context 0x%x whose "
                               "OAR is off (CTX_CONTEXT_CONTROL 0x%04x, "
                               "OAR_OACONTROL 0x%08x): nothing written",
                               cs->hw_ctx_id, cs->ctx_ctl, cs->oar_control);
            return;
        }
        /* OAR has one layout, select 5 (i915's OAR formats) */
        f = cs->plat->gen->oar_format;
        if (FIELD_EX32(cs->oar_control, GEN12_OAR_OACONTROL,
                       COUNTER_FORMAT) != f->select) {
            f = NULL;
        }
        size = f ? intel_oa_unit_snapshot_format(cs->oa, f, id, r) : 0;
    } else {
        size = intel_oa_unit_snapshot(cs->oa, id, r);
    }
    if (!size) {
        intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_RPC_NO_FORMAT,
                           "MI_REPORT_PERF_COUNT while OACONTROL (Gen12: "
                           "OAR_OACONTROL) selects no report format: "
                           "nothing written");
        return;
    }
    trace_intel_oa_cs_report_perf_count(addr, id, size);
    intel_oa_cs_access(cs, addr, cs_ppgtt(cs, gen8 && (d[1] & RPC_GGTT)), r,
                       size, true);
}

static void cs_pipe_control(IntelOACs *cs, const uint32_t *d, uint32_t len)
{
    uint32_t flags = len > 1 ? d[1] : 0;
    /* Gen8: a 64-bit address, so the data starts a dword later */
    unsigned int data = cs->execlists ? 4 : 3;
    uint64_t addr = 0;
    unsigned int op = (flags >> PC_POST_SYNC_SHIFT) & 3;
    bool ppgtt = cs_ppgtt(cs, flags & PC_GLOBAL_GTT);

    if (cs->execlists && len > 3) {
        addr = cs_addr64(&d[2]) & ~3ull;
    } else if (len > 2) {
        /* Sandy Bridge keeps its GGTT select in address bit 2 */
        addr = d[2] & (cs->plat->gen->gen == 6 ? ~7u : ~3u);
    }
    if (flags & PC_STORE_DATA_INDEX) {
        addr = cs_hws(cs) + (addr & 0xfff);
        ppgtt = false;
    }
    switch (op) {
    case 0:
        break;
    case 1:
        if (len >= data + 2) {
            cs_store64(cs, addr, ppgtt, d[data] | (uint64_t)d[data + 1] << 32);
        } else if (len == data + 1) {
            cs_store32(cs, addr, ppgtt, d[data]);
        }
        break;
    case 3:
        cs_store64(cs, addr, ppgtt, intel_oa_gt_ring_timestamp(cs->gt));
        break;
    default:
        intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_UNKNOWN_COMMAND,
                           "PIPE_CONTROL post-sync operation %u (depth "
                           "count) is not modelled", op);
        break;
    }
}

/*
 * Execute the command @d of @len dwords fetched at @addr. Returns false
 * when the streamer must stop fetching from where it is (a batch ended
 * or started, a fault).
 */
static bool cs_execute(IntelOACs *cs, uint64_t addr, const uint32_t *d,
                       uint32_t len)
{
    uint32_t hdr = d[0];
    unsigned int type = hdr >> 29;
    unsigned int op = (hdr >> 23) & 0x3f;
    uint32_t i;

    cs->commands++;
    if (type == 3 && (hdr >> 16) == CS_PIPE_CONTROL) {
        cs_pipe_control(cs, d, len);
        return true;
    }
    if (type != 0) {
        cs_unknown(cs, addr, hdr);
        return true;
    }
    switch (op) {
    case MI_NOOP:
    case MI_FLUSH:
    case MI_ARB_CHECK:
    case MI_REPORT_HEAD:
    case MI_ARB_ON_OFF:
        return true;
    case MI_USER_INTERRUPT:
        cs_user_interrupt(cs);
        return true;
    case MI_BATCH_BUFFER_END:
        if (cs->level != INTEL_OA_CS_BATCH) {
            intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_BATCH_END_IN_RING,
                               "MI_BATCH_BUFFER_END in the ring at GGTT "
                               "0x%08x", addr);
            return true;
        }
        cs->level = INTEL_OA_CS_RING;
        return false;
    case MI_BATCH_BUFFER_START:
        /* from the ring: a first-level batch; from a batch: a chain */
        if (cs->execlists) {
            if (len < 3) {
                cs_unknown(cs, addr, hdr);
                return true;
            }
            /* a chain stays in its batch's address space */
            if (cs->level != INTEL_OA_CS_BATCH) {
                cs->bb_ppgtt = hdr & BB_PPGTT;
            }
            cs->bb_addr = cs_addr64(&d[1]) & ~3ull;
        } else {
            cs->bb_addr = d[1] & ~3u;
        }
        cs->level = INTEL_OA_CS_BATCH;
        cs->batches++;
        trace_intel_oa_cs_batch(cs->bb_addr);
        return false;
    case MI_SET_CONTEXT:
        if (cs->execlists) {
            /* execlists load contexts through the ELSP */
            cs_unknown(cs, addr, hdr);
            return true;
        }
        cs->ctx_id = d[1] & CS_PAGE_MASK;
        trace_intel_oa_cs_set_context(cs->ctx_id);
        /* a per-context OA stream counts while its context is loaded */
        intel_oa_unit_set_context(cs->oa, cs->ctx_id);
        return true;
    case MI_STORE_DATA_IMM: {
        /*
         * Gen6/7: dword 1 reserved, 2 the address, 3 (and 4) the data.
         * Gen8: 1 and 2 the address, 3 (and 4) the data.
         */
        bool ppgtt = cs_ppgtt(cs, hdr & MI_GGTT);
        uint64_t to = cs->execlists ? cs_addr64(&d[1]) : d[2];

        if (len == 4) {
            cs_store32(cs, to & ~3ull, ppgtt, d[3]);
        } else if (len == 5) {
            cs_store64(cs, to & ~7ull, ppgtt, d[3] | (uint64_t)d[4] << 32);
        } else {
            cs_unknown(cs, addr, hdr);
        }
        return true;
    }
    case MI_STORE_DWORD_INDEX:
        cs_store32(cs, cs_hws(cs) + (d[1] & 0xffc), false, d[2]);
        return true;
    case MI_LOAD_REGISTER_IMM:
        for (i = 1; i + 1 < len; i += 2) {
            cs->reg_write(cs->reg_opaque, d[i] & 0x7ffffc, d[i + 1]);
        }
        return true;
    case MI_STORE_REGISTER_MEM:
    case MI_LOAD_REGISTER_MEM: {
        /* dword 1 the register, 2 (Gen8: and 3) the address */
        bool ppgtt = cs_ppgtt(cs, hdr & MI_GGTT);
        uint64_t at = cs->execlists ? cs_addr64(&d[2]) : d[2];
        uint8_t b[4];

        if (len < (cs->execlists ? 4u : 3u)) {
            cs_unknown(cs, addr, hdr);
        } else if (op == MI_STORE_REGISTER_MEM) {
            cs_store32(cs, at & ~3ull, ppgtt,
                       cs->reg_read(cs->reg_opaque, d[1] & 0x7ffffc));
        } else if (intel_oa_cs_access(cs, at & ~3ull, ppgtt, b, 4, false)) {
            cs->reg_write(cs->reg_opaque, d[1] & 0x7ffffc, ldl_le_p(b));
        }
        return true;
    }
    case MI_REPORT_PERF_COUNT:
        cs_report_perf_count(cs, d, len);
        return true;
    default:
        cs_unknown(cs, addr, hdr);
        return true;
    }
}

/*
 * Fetch one command at ring offset @off (it may wrap at the ring's end)
 * or at GGTT @addr in a batch. Returns its length, 0 on a fault.
 */
static uint32_t cs_fetch_ring(IntelOACs *cs, uint32_t off, uint32_t *d)
{
    uint32_t size = cs_ring_size(cs), base = cs->start & CS_PAGE_MASK;
    uint32_t len, i;

    if (!cs_access(cs, base + off, &d[0], 4, false)) {
        return 0;
    }
    d[0] = le32_to_cpu(d[0]);
    len = MIN(cs_length(cs, d[0]), CS_MAX_DWORDS);
    for (i = 1; i < len; i++) {
        off = (off + 4) % size;
        if (!cs_access(cs, base + off, &d[i], 4, false)) {
            return 0;
        }
        d[i] = le32_to_cpu(d[i]);
    }
    return len;
}

static uint32_t cs_fetch_batch(IntelOACs *cs, uint64_t addr, uint32_t *d)
{
    bool ppgtt = cs->execlists && cs->bb_ppgtt;
    uint32_t len, i;

    if (!intel_oa_cs_access(cs, addr, ppgtt, &d[0], 4, false)) {
        return 0;
    }
    d[0] = le32_to_cpu(d[0]);
    len = MIN(cs_length(cs, d[0]), CS_MAX_DWORDS);
    if (len > 1 &&
        !intel_oa_cs_access(cs, addr + 4, ppgtt, &d[1], 4 * (len - 1), false)) {
        return 0;
    }
    for (i = 1; i < len; i++) {
        d[i] = le32_to_cpu(d[i]);
    }
    return len;
}

static void cs_run(void *opaque)
{
    IntelOACs *cs = opaque;
    uint32_t d[CS_MAX_DWORDS];
    unsigned int budget = CS_BUDGET;

    while (cs_running(cs) && budget--) {
        uint32_t len, head = cs->head & CS_HEAD_ADDR;
        uint64_t addr;

        if (cs->level == INTEL_OA_CS_BATCH) {
            addr = cs->bb_addr;
            len = cs_fetch_batch(cs, addr, d);
            if (!len) {
                break;
            }
            cs->bb_addr += 4 * len;
            cs_execute(cs, addr, d, len);
            continue;
        }
        if (head == cs->tail) {
            if (!cs->execlists) {
                return;
            }
            /* the context is done: save it, load the next if any */
            intel_oa_execlists_ring_empty(cs);
            continue;
        }
        addr = (cs->start & CS_PAGE_MASK) + head;
        len = cs_fetch_ring(cs, head, d);
        if (!len) {
            break;
        }
        head = (head + 4 * len) % cs_ring_size(cs);
        cs->head = (cs->head & CS_HEAD_WRAP) | head;
        cs_execute(cs, addr, d, len);
    }
    if (budget == UINT_MAX) {
        /* out of budget: the rest runs a millisecond of virtual time on */
        timer_mod(cs->timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                             CS_RESCHEDULE_NS);
        return;
    }
    /* a fault: stop where it happened, as a hung engine would */
    if (cs_running(cs)) {
        trace_intel_oa_cs_fault(cs->head, cs->bb_addr);
        cs->ctl &= ~CS_RING_VALID;
    }
}

void intel_oa_cs_init(IntelOACs *cs, const IntelOAPlatform *plat,
                      AddressSpace *dma_as, IntelOAGgtt *ggtt,
                      IntelOAIrq *irq, IntelOAGt *gt, IntelOAUnit *oa,
                      IntelOAViolations *viol, IntelOACsRegRead reg_read,
                      IntelOACsRegWrite reg_write, void *reg_opaque)
{
    cs->present = true;
    cs->el = plat->gen->el;
    cs->execlists = cs->el != INTEL_OA_EL_NONE;
    cs->plat = plat;
    cs->dma_as = dma_as;
    cs->ggtt = ggtt;
    cs->irq = irq;
    cs->gt = gt;
    cs->oa = oa;
    cs->viol = viol;
    cs->reg_read = reg_read;
    cs->reg_write = reg_write;
    cs->reg_opaque = reg_opaque;
    cs->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, cs_run, cs);
}

void intel_oa_cs_finalize(IntelOACs *cs)
{
    timer_free(cs->timer);
}

void intel_oa_cs_reset(IntelOACs *cs)
{
    timer_del(cs->timer);
    cs->tail = 0;
    cs->head = 0;
    cs->start = 0;
    cs->ctl = 0;
    cs->hws_pga = 0;
    cs->imr = ~0u;
    cs->mi_mode = 0;
    cs->level = INTEL_OA_CS_RING;
    cs->bb_addr = 0;
    cs->bb_ppgtt = false;
    cs->ctx_id = 0;
    cs->commands = 0;
    cs->batches = 0;
    intel_oa_execlists_reset(cs);
}

bool intel_oa_cs_mmio_read(IntelOACs *cs, hwaddr addr, uint32_t *val)
{
    if (!cs->present) {
        return false;
    }
    if (cs->execlists && intel_oa_execlists_mmio_read(cs, addr, val)) {
        return true;
    }
    switch (addr) {
    case CS_RING_TAIL:
        *val = cs->tail;
        return true;
    case CS_RING_HEAD:
        *val = cs->head;
        return true;
    case CS_RING_START:
        *val = cs->start;
        return true;
    case CS_RING_CTL:
        *val = cs->ctl;
        return true;
    case CS_RING_ACTHD:
        *val = cs->level == INTEL_OA_CS_BATCH ? cs->bb_addr :
               (cs->start & CS_PAGE_MASK) + (cs->head & CS_HEAD_ADDR);
        return true;
    case CS_RING_MI_MODE:
        /* commands run whole, so a stop request is honoured at once */
        *val = cs->mi_mode | (cs->mi_mode & CS_STOP_RING ? CS_MODE_IDLE : 0);
        return true;
    case CS_RING_IMR:
        *val = cs->imr;
        return true;
    case CS_HWS_PGA:
        if (cs->execlists) {
            return false;
        }
        *val = cs->hws_pga;
        return true;
    }
    return false;
}

bool intel_oa_cs_mmio_write(IntelOACs *cs, hwaddr addr, uint32_t val)
{
    if (!cs->present) {
        return false;
    }
    trace_intel_oa_cs_write(addr, val);
    if (cs->execlists && intel_oa_execlists_mmio_write(cs, addr, val)) {
        return true;
    }
    switch (addr) {
    case CS_RING_TAIL:
        cs->tail = val & CS_TAIL_ADDR;
        if ((cs->ctl & CS_RING_VALID) && cs->tail >= cs_ring_size(cs)) {
            intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_TAIL_OUTSIDE,
                               "RING_TAIL 0x%x beyond the %u-byte ring",
                               cs->tail, cs_ring_size(cs));
            cs->tail %= cs_ring_size(cs);
        }
        intel_oa_cs_kick(cs);
        return true;
    case CS_RING_HEAD:
    case CS_RING_START:
        if (cs_running(cs) &&
            ((cs->head & CS_HEAD_ADDR) != cs->tail ||
             cs->level == INTEL_OA_CS_BATCH)) {
            intel_oa_violation(cs->viol, INTEL_OA_VIOL_CS_RING_WHILE_BUSY,
                               "RING_%s written while the ring executes",
                               addr == CS_RING_HEAD ? "HEAD" : "START");
        }
        if (addr == CS_RING_HEAD) {
            cs->head = val & (CS_HEAD_ADDR | CS_HEAD_WRAP);
        } else {
            cs->start = val & CS_PAGE_MASK;
        }
        return true;
    case CS_RING_CTL:
        cs->ctl = val & (CS_RING_NR_PAGES | CS_RING_VALID);
        intel_oa_cs_kick(cs);
        return true;
    case CS_RING_ACTHD:
        return true;
    case CS_RING_MI_MODE:
        /* a masked register: bits 31:16 say which of 15:0 are written */
        cs->mi_mode = (cs->mi_mode & ~(val >> 16)) | (val & (val >> 16));
        cs->mi_mode &= ~CS_MODE_IDLE;
        intel_oa_cs_kick(cs);
        return true;
    case CS_RING_IMR:
        cs->imr = val;
        return true;
    case CS_HWS_PGA:
        if (cs->execlists) {
            return false;
        }
        cs->hws_pga = val & CS_PAGE_MASK;
        return true;
    }
    return false;
}

static int cs_post_load(void *opaque, int version_id)
{
    IntelOACs *cs = opaque;

    intel_oa_cs_kick(cs);
    return 0;
}

const VMStateDescription vmstate_intel_oa_cs = {
    .name = "intel-oa-gpu/cs",
    .version_id = 3,
    .minimum_version_id = 3,
    .post_load = cs_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(tail, IntelOACs),
        VMSTATE_UINT32(head, IntelOACs),
        VMSTATE_UINT32(start, IntelOACs),
        VMSTATE_UINT32(ctl, IntelOACs),
        VMSTATE_UINT32(hws_pga, IntelOACs),
        VMSTATE_UINT32(imr, IntelOACs),
        VMSTATE_UINT32(mi_mode, IntelOACs),
        VMSTATE_UINT32(level, IntelOACs),
        VMSTATE_UINT64(bb_addr, IntelOACs),
        VMSTATE_BOOL(bb_ppgtt, IntelOACs),
        VMSTATE_UINT32(ctx_id, IntelOACs),
        VMSTATE_UINT64(commands, IntelOACs),
        VMSTATE_UINT64(batches, IntelOACs),
        VMSTATE_UINT32(gfx_mode, IntelOACs),
        VMSTATE_UINT32_ARRAY(elsp, IntelOACs, 4),
        VMSTATE_UINT32(elsp_n, IntelOACs),
        VMSTATE_UINT64_ARRAY(port, IntelOACs, 2),
        VMSTATE_UINT32(port_idx, IntelOACs),
        VMSTATE_BOOL(ctx_active, IntelOACs),
        VMSTATE_UINT32(lrca, IntelOACs),
        VMSTATE_UINT32(hw_ctx_id, IntelOACs),
        VMSTATE_UINT64_ARRAY(pdp, IntelOACs, 4),
        VMSTATE_BOOL(legacy32, IntelOACs),
        VMSTATE_UINT32(ctx_ctl, IntelOACs),
        VMSTATE_UINT32_ARRAY(sq, IntelOACs, 4),
        VMSTATE_UINT32(oar_control, IntelOACs),
        VMSTATE_UINT32(oa_ctx_ctl, IntelOACs),
        VMSTATE_UINT32(head_slot, IntelOACs),
        VMSTATE_UINT32(ctl_slot, IntelOACs),
        VMSTATE_UINT32(oar_slot, IntelOACs),
        VMSTATE_UINT32(oactx_slot, IntelOACs),
        VMSTATE_UINT32_2DARRAY(csb, IntelOACs, INTEL_OA_CSB_ENTRIES, 2),
        VMSTATE_UINT32(csb_wp, IntelOACs),
        VMSTATE_UINT32(csb_rp, IntelOACs),
        VMSTATE_UINT64(ctx_loads, IntelOACs),
        VMSTATE_END_OF_LIST()
    }
};
