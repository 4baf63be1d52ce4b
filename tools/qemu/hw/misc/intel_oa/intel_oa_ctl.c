/*
 * intel-oa-gpu: virtual-GPU control page (BAR2).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "intel_oa_ctl.h"
#include "intel_oa_unit.h"
#include "intel_oa_guc.h"
#include "intel_oa_activity.h"
#include "intel_oa_irq.h"
#include "trace.h"

static uint64_t ctl_read(void *opaque, hwaddr addr, unsigned size)
{
    IntelOACtl *ctl = opaque;
    uint32_t val;

    switch (addr) {
    case A_CTL_REPORTS_WRITTEN:
    case A_CTL_REPORTS_DROPPED:
    case A_CTL_HALF_FULL_IRQS:
    case A_CTL_MSIS_SENT:
    case A_CTL_DROP_REPORTS:
    case A_CTL_LOSE_WRITES:
    case A_CTL_FORCE_OVERFLOW:
    case A_CTL_DMA_ERRORS:
        /* show the state as of now, not as of the last batch */
        intel_oa_unit_sync(ctl->oa);
        break;
    }

    switch (addr) {
    case A_CTL_MAGIC:
        val = INTEL_OA_CTL_MAGIC;
        break;
    case A_CTL_VERSION:
        val = INTEL_OA_CTL_VERSION;
        break;
    case A_CTL_VIOLATIONS:
        val = ctl->viol.count;
        break;
    case A_CTL_LAST_VIOLATION:
        val = ctl->viol.last;
        break;
    case A_CTL_SEED:
        val = ctl->seed;
        break;
    case A_CTL_DROP_REPORTS:
        val = ctl->faults.drop_reports;
        break;
    case A_CTL_IRQ_STORM:
        val = ctl->faults.irq_storm;
        break;
    case A_CTL_FORCEWAKE_STUCK:
        val = ctl->oa->gt->fw_stuck;
        break;
    case A_CTL_LOSE_WRITES:
        val = ctl->faults.lose_writes;
        break;
    case A_CTL_FORCE_OVERFLOW:
        val = ctl->faults.force_overflow;
        break;
    case A_CTL_STALL_TAIL:
        val = ctl->faults.stall_tail;
        break;
    case A_CTL_REPORTS_WRITTEN:
        val = ctl->stats.reports_written;
        break;
    case A_CTL_REPORTS_DROPPED:
        val = ctl->stats.reports_dropped;
        break;
    case A_CTL_HALF_FULL_IRQS:
        val = ctl->stats.half_full_irqs;
        break;
    case A_CTL_MSIS_SENT:
        val = ctl->stats.msis_sent;
        break;
    case A_CTL_TAIL_RACE:
        val = ctl->faults.tail_race;
        break;
    case A_CTL_TORN_WRITE:
        val = ctl->faults.torn_write;
        break;
    case A_CTL_RATIO:
        val = ctl->ratio;
        break;
    case A_CTL_GUC_HANG ... A_CTL_G2H_DROPPED:
    case A_CTL_GUC_GARBAGE:
    case A_CTL_GUC_LATE:
    case A_CTL_GUC_PRELOADED:
        val = intel_oa_guc_ctl_read(ctl->guc, addr);
        break;
    case A_CTL_BAD_GGTT_PAGES:
        val = ctl->stats.ggtt_spoiled;
        break;
    case A_CTL_SURPRISE_REMOVAL:
        val = ctl->removed;
        break;
    case A_CTL_DMA_ERRORS:
        val = ctl->stats.dma_errors;
        break;
    case A_CTL_WORKLOAD:
        val = ctl->workload;
        break;
    default:
        val = 0;
        break;
    }
    trace_intel_oa_ctl_read(addr, val);
    return val;
}

static void ctl_write(void *opaque, hwaddr addr, uint64_t data, unsigned size)
{
    IntelOACtl *ctl = opaque;
    uint32_t val = data;

    trace_intel_oa_ctl_write(addr, val);
    switch (addr) {
    case A_CTL_DROP_REPORTS:
        /* reports already due are not affected */
        intel_oa_unit_sync(ctl->oa);
        ctl->faults.drop_reports = val;
        break;
    case A_CTL_LOSE_WRITES:
        /* reports already due are not affected */
        intel_oa_unit_sync(ctl->oa);
        ctl->faults.lose_writes = val;
        break;
    case A_CTL_FORCE_OVERFLOW:
        intel_oa_unit_sync(ctl->oa);
        ctl->faults.force_overflow = val & 1;
        break;
    case A_CTL_SPURIOUS_IRQS:
        /*
         * N interrupts with no cause bit set anywhere (vgpu-contract.rst):
         * MSIs, or INTx pulses without MSI; at most INTEL_OA_SPURIOUS_MAX.
         */
        if (val > INTEL_OA_SPURIOUS_MAX) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "intel-oa-gpu: spurious-irqs of %u cut to %u\n",
                          val, INTEL_OA_SPURIOUS_MAX);
            val = INTEL_OA_SPURIOUS_MAX;
        }
        for (uint32_t i = 0; i < val && ctl->send_spurious; i++) {
            /* the bus front end knows how its device interrupts */
            ctl->send_spurious(ctl->front_opaque);
        }
        trace_intel_oa_ctl_spurious_irqs(val);
        break;
    case A_CTL_FORCEWAKE_STUCK:
        /* while 1 no forcewake domain acknowledges a wake request */
        ctl->oa->gt->fw_stuck = val & 1;
        break;
    case A_CTL_IRQ_STORM:
        /*
         * N OA interrupt events, one every INTEL_OA_STORM_NS of virtual
         * time whatever the buffer holds: the interrupt recurs as soon
         * as the driver has acknowledged it. Writing 0 ends a storm.
         */
        ctl->faults.irq_storm = val;
        if (val) {
            timer_mod(ctl->storm_timer,
                      qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                      INTEL_OA_STORM_NS);
        } else {
            timer_del(ctl->storm_timer);
        }
        trace_intel_oa_ctl_irq_storm(val);
        break;
    case A_CTL_TS_ADVANCE:
        /*
         * Time travel for tests (a timestamp wrap without the wait): T
         * jumps forward as if val ticks had passed. Only while the OA
         * unit is off, so no report is ever due in the jump.
         */
        if (intel_oa_unit_enabled(ctl->oa)) {
            qemu_log_mask(LOG_GUEST_ERROR,
                          "intel-oa-gpu: ts-advance of %u ticks ignored: "
                          "the OA unit is enabled\n", val);
            break;
        }
        intel_oa_gt_advance(ctl->oa->gt, val);
        break;
    case A_CTL_STALL_TAIL:
        intel_oa_unit_sync(ctl->oa);
        ctl->faults.stall_tail = val & 1;
        if (!ctl->faults.stall_tail) {
            intel_oa_unit_publish_tail(ctl->oa);
        }
        break;
    case A_CTL_TAIL_RACE:
        intel_oa_unit_sync(ctl->oa);
        ctl->faults.tail_race = val & 1;
        break;
    case A_CTL_TORN_WRITE:
        intel_oa_unit_sync(ctl->oa);
        ctl->faults.torn_write = val & 1;
        break;
    case A_CTL_GUC_HANG:
    case A_CTL_IRQ_IN_SERVICE:
    case A_CTL_GUC_GARBAGE:
    case A_CTL_GUC_LATE:
    case A_CTL_GUC_PRELOADED:
        intel_oa_guc_ctl_write(ctl->guc, addr, val);
        break;
    case A_CTL_BAD_GGTT_PAGES:
        /*
         * A fault of the GGTT, not of the unit: the PTEs of the N buffer
         * pages after the one the unit writes next now map an address
         * nothing decodes (vgpu-contract.rst). The unit keeps writing;
         * those writes never land.
         */
        ctl->stats.ggtt_spoiled += intel_oa_unit_spoil_pages(ctl->oa, val);
        break;
    case A_CTL_SURPRISE_REMOVAL:
        /*
         * 1: the device drops off the bus (BAR0 and config space read
         * all-ones, no DMA, no interrupts); 0: a device in its power-on
         * state is inserted in its place (vgpu-contract.rst).
         */
        if ((val & 1) != ctl->removed && ctl->set_removed) {
            /* reports due before the removal land before it */
            intel_oa_unit_sync(ctl->oa);
            ctl->set_removed(ctl->front_opaque, val & 1);
        }
        break;
    case A_CTL_WORKLOAD:
        /*
         * Reports already due keep the old model's values; a value that
         * names no workload is ignored, as counters.rst says.
         */
        if (val == INTEL_OA_WORKLOAD_LINEAR ||
            val == INTEL_OA_WORKLOAD_ACTIVITY) {
            intel_oa_unit_sync(ctl->oa);
            ctl->workload = val;
        }
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "intel-oa-gpu: control page offset 0x%" HWADDR_PRIx
                      " is read-only or reserved, write of 0x%08x ignored\n",
                      addr, val);
        break;
    }
}

static const MemoryRegionOps ctl_ops = {
    .read = ctl_read,
    .write = ctl_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        /* 64-bit accesses are split into two registers */
        .min_access_size = 4,
        .max_access_size = 8,
    },
    .impl = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void ctl_storm_cb(void *opaque)
{
    IntelOACtl *ctl = opaque;

    if (!ctl->faults.irq_storm) {
        return;
    }
    ctl->faults.irq_storm--;
    intel_oa_irq_oa_event(ctl->oa->irq);
    if (ctl->faults.irq_storm) {
        timer_mod(ctl->storm_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                                    INTEL_OA_STORM_NS);
    }
}

void intel_oa_ctl_init(IntelOACtl *ctl, Object *owner, IntelOAUnit *oa,
                       IntelOAGuc *guc, uint32_t seed, uint32_t ratio)
{
    ctl->storm_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, ctl_storm_cb, ctl);
    ctl->oa = oa;
    ctl->guc = guc;
    ctl->seed = seed;
    ctl->ratio = ratio;
    memory_region_init_io(&ctl->mr, owner, &ctl_ops, ctl, "intel-oa-gpu.ctl",
                          INTEL_OA_CTL_SIZE);
}

void intel_oa_ctl_reset(IntelOACtl *ctl)
{
    ctl->workload = ctl->reset_workload;
    ctl->viol.count = 0;
    ctl->viol.last = INTEL_OA_VIOL_NONE;
    memset(&ctl->faults, 0, sizeof(ctl->faults));
    memset(&ctl->stats, 0, sizeof(ctl->stats));
    ctl->removed = false;
    timer_del(ctl->storm_timer);
}

void intel_oa_ctl_finalize(IntelOACtl *ctl)
{
    g_clear_pointer(&ctl->storm_timer, timer_free);
}

static bool ctl_workload_needed(void *opaque)
{
    IntelOACtl *ctl = opaque;

    /* a destination resets to its property: send anything else */
    return ctl->workload != INTEL_OA_WORKLOAD_LINEAR ||
           ctl->reset_workload != INTEL_OA_WORKLOAD_LINEAR;
}

static int ctl_workload_post_load(void *opaque, int version_id)
{
    IntelOACtl *ctl = opaque;

    return ctl->workload > INTEL_OA_WORKLOAD_ACTIVITY ? -EINVAL : 0;
}

/* Control page version 3: only a device running "activity" sends it. */
static const VMStateDescription vmstate_intel_oa_ctl_workload = {
    .name = "intel-oa-gpu/ctl/workload",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = ctl_workload_needed,
    .post_load = ctl_workload_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(workload, IntelOACtl),
        VMSTATE_END_OF_LIST()
    }
};

const VMStateDescription vmstate_intel_oa_ctl = {
    .name = "intel-oa-gpu/ctl",
    .version_id = 4,
    .minimum_version_id = 1,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32(viol.count, IntelOACtl),
        VMSTATE_UINT32(viol.last, IntelOACtl),
        VMSTATE_UINT32(faults.drop_reports, IntelOACtl),
        VMSTATE_UINT32_V(faults.lose_writes, IntelOACtl, 2),
        VMSTATE_UINT32_V(faults.irq_storm, IntelOACtl, 2),
        VMSTATE_TIMER_PTR_V(storm_timer, IntelOACtl, 2),
        VMSTATE_BOOL(faults.force_overflow, IntelOACtl),
        VMSTATE_BOOL(faults.stall_tail, IntelOACtl),
        VMSTATE_BOOL(faults.tail_race, IntelOACtl),
        VMSTATE_UINT64(stats.reports_written, IntelOACtl),
        VMSTATE_UINT64(stats.reports_dropped, IntelOACtl),
        VMSTATE_UINT64(stats.half_full_irqs, IntelOACtl),
        VMSTATE_UINT64(stats.msis_sent, IntelOACtl),
        VMSTATE_UINT64_V(stats.dma_errors, IntelOACtl, 3),
        VMSTATE_UINT32_V(stats.ggtt_spoiled, IntelOACtl, 3),
        VMSTATE_BOOL_V(removed, IntelOACtl, 3),
        VMSTATE_BOOL_V(faults.torn_write, IntelOACtl, 4),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * []) {
        &vmstate_intel_oa_ctl_workload,
        NULL
    }
};

uint32_t intel_oa_ctl_read_reg(IntelOACtl *ctl, hwaddr addr)
{
    return ctl_read(ctl, addr, 4);
}

void intel_oa_ctl_write_reg(IntelOACtl *ctl, hwaddr addr, uint32_t val)
{
    ctl_write(ctl, addr, val, 4);
}
