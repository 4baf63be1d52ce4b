/*
 * intel-oa-gpu: GuC host interface, built-in message firmware and MMIO
 * doorbells of Documentation/dg2.rst. Message encoding: i915's HXG
 * (gt/uc/abi/guc_messages_abi.h); doorbell arming and stages: seed 002
 * "Arming Doorbells" and "MMIO Based Doorbells".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "intel_oa_regs.h"
#include "intel_oa_ctl_regs.h"
#include "intel_oa_guc.h"
#include "trace.h"

/* The firmware answers, and services doorbells, this long after. */
#define GUC_LATENCY_NS      (20 * 1000)

/* HXG DW0 */
#define HXG_ORIGIN_GUC      (1u << 31)
#define HXG_TYPE_SHIFT      28
#define HXG_TYPE_MASK       (7u << HXG_TYPE_SHIFT)
#define HXG_ACTION_MASK     0xffffu
enum {
    HXG_TYPE_REQUEST = 0,
    HXG_TYPE_EVENT = 1,
    HXG_TYPE_NO_RESPONSE_BUSY = 3,
    HXG_TYPE_RESPONSE_FAILURE = 6,
    HXG_TYPE_RESPONSE_SUCCESS = 7,
};

/*
 * Actions (dg2.rst "Actions"): the numbers of i915's legacy enum
 * intel_guc_action (DEFAULT 0x0, ALLOCATE_DOORBELL 0x10,
 * DEALLOCATE_DOORBELL 0x20); the payloads are the model's.
 */
enum {
    GUC_ACTION_PING = 0x0000,
    GUC_ACTION_ALLOCATE_DOORBELL = 0x0010,
    GUC_ACTION_DEALLOCATE_DOORBELL = 0x0020,
    /* CTB set-up (guc_actions_abi.h HOST2GUC_SELF_CFG, _CONTROL_CTB) */
    GUC_ACTION_SELF_CFG = 0x0508,
    GUC_ACTION_CONTROL_CTB = 0x4509,
    GUC_ACTION_OA_SAMPLE_DONE = 0x5001,
    GUC_ACTION_NOTIFY = 0x5002,
};
#define GUC_INTERFACE_VERSION   1

/* Failure error codes besides the doorbell block's IntelOADbError */
enum {
    GUC_ERR_BAD_TYPE = 3,
    GUC_ERR_UNKNOWN_ACTION = 0xff,
};

/* Doorbell work types */
#define GUC_DB_TYPE_OA_SAMPLE   1

/* OA_SAMPLE_DONE status */
enum {
    GUC_SAMPLE_WRITTEN = 0,
    GUC_SAMPLE_NO_REPORT = 1,
};

/* Failure codes of the public actions (guc_errors_abi.h) */
#define GUC_RESPONSE_NOT_SUPPORTED  0x20
#define GUC_RESPONSE_GENERIC_FAIL   0xf000


/* ---- GuC-to-host --------------------------------------------------------- */

static void guc_raise(IntelOAGuc *guc, uint32_t vector)
{
    guc->host_intr = vector;
    intel_oa_irq_guc_event(guc->irq, vector);
}

/* An HXG event through the G2H CT buffer, then GUC2HOST. */
static void guc_g2h_queue(IntelOAGuc *guc, uint16_t action, uint32_t dw1,
                          uint32_t dw2, uint32_t dw3)
{
    uint32_t msg[INTEL_OA_GUC_MSG_DWORDS] = {
        HXG_ORIGIN_GUC | (HXG_TYPE_EVENT << HXG_TYPE_SHIFT) | action,
        dw1, dw2, dw3,
    };

    if (!intel_oa_guc_ct_g2h(&guc->ct, 0, msg, ARRAY_SIZE(msg))) {
        guc->stats.g2h_dropped++;
        qemu_log_mask(LOG_GUEST_ERROR, "intel-oa-gpu: GuC event 0x%04x "
                      "dropped: the G2H CT buffer is off or full\n", action);
        return;
    }
    guc->stats.g2h_presented++;
    trace_intel_oa_guc_g2h(action, dw1, dw2, dw3);
    guc_raise(guc, INTEL_OA_GUC_INTR_GUC2HOST);
}

/* ---- host-to-GuC --------------------------------------------------------- */

/* The response header: success with data0, or failure with an error. */
static uint32_t guc_response_hdr(bool ok, uint32_t data0)
{
    if (ok) {
        return HXG_ORIGIN_GUC | (HXG_TYPE_RESPONSE_SUCCESS << HXG_TYPE_SHIFT) |
               (data0 & ~(HXG_ORIGIN_GUC | HXG_TYPE_MASK));
    }
    return HXG_ORIGIN_GUC | (HXG_TYPE_RESPONSE_FAILURE << HXG_TYPE_SHIFT) |
           (data0 & HXG_ACTION_MASK);
}

/* The model's actions answer with DW0 only; DW1..3 read 0. */
static void guc_respond(IntelOAGuc *guc, uint32_t hdr)
{
    guc->scratch[1] = 0;
    guc->scratch[2] = 0;
    guc->scratch[3] = 0;
    /* the header last: the host polls it for the origin bit */
    guc->scratch[0] = hdr;
}

static uint32_t guc_allocate_doorbell(IntelOAGuc *guc, const uint32_t *msg)
{
    uint32_t id = msg[1], offset = msg[2], type = msg[3];
    IntelOADbError err;

    if (type != GUC_DB_TYPE_OA_SAMPLE) {
        /* a bad id or offset is still reported as such */
        return intel_oa_db_arg_ok(id, offset) ? GUC_ERR_BAD_TYPE :
                                                INTEL_OA_DB_BAD_ARG;
    }
    err = intel_oa_db_arm(&guc->db, id, offset);
    if (!err) {
        guc->db_type[id] = type;
    }
    return err;
}

static uint32_t guc_deallocate_doorbell(IntelOAGuc *guc, const uint32_t *msg)
{
    IntelOADbError err = intel_oa_db_disarm(&guc->db, msg[1]);

    if (!err) {
        guc->db_type[msg[1]] = 0;
    }
    return err;
}

/*
 * Carry out one request, whichever way it came: 0 and its data0, or the
 * failure's error code.
 */
static uint32_t guc_action(IntelOAGuc *guc, const uint32_t *msg,
                           uint32_t *data0)
{
    *data0 = 0;
    if ((msg[0] & (HXG_ORIGIN_GUC | HXG_TYPE_MASK)) !=
        HXG_TYPE_REQUEST << HXG_TYPE_SHIFT) {
        return GUC_ERR_UNKNOWN_ACTION;
    }
    switch (msg[0] & HXG_ACTION_MASK) {
    case GUC_ACTION_PING:
        *data0 = GUC_INTERFACE_VERSION;
        return 0;
    case GUC_ACTION_ALLOCATE_DOORBELL:
        return guc_allocate_doorbell(guc, msg);
    case GUC_ACTION_DEALLOCATE_DOORBELL:
        return guc_deallocate_doorbell(guc, msg);
    case GUC_ACTION_SELF_CFG: {
        int r = intel_oa_guc_ct_self_cfg(&guc->ct, msg[1] >> 16,
                                         msg[1] & 0xffff,
                                         msg[2] | (uint64_t)msg[3] << 32);

        if (r < 0) {
            return GUC_RESPONSE_NOT_SUPPORTED;
        }
        *data0 = r;
        return 0;
    }
    case GUC_ACTION_CONTROL_CTB:
        return intel_oa_guc_ct_control(&guc->ct, msg[1]) ?
               0 : GUC_RESPONSE_GENERIC_FAIL;
    }
    return GUC_ERR_UNKNOWN_ACTION;
}

static void guc_h2g_cb(void *opaque)
{
    IntelOAGuc *guc = opaque;
    const uint32_t *msg = guc->h2g_msg;
    uint16_t action = msg[0] & HXG_ACTION_MASK;
    uint32_t err, data0;

    if (guc->hang) {
        /* a hung firmware loses the request */
        guc->h2g_pending = false;
        guc->h2g_busy = false;
        return;
    }
    if (guc->late_ms && !guc->h2g_busy) {
        /*
         * guc-late (vgpu-contract.rst): the firmware says it is busy
         * with the request, which stays in flight, and gives the final
         * reply late_ms later, the exchange Linux's xe_guc_mmio_send_recv()
         * handles (GUC_HXG_TYPE_NO_RESPONSE_BUSY, then up to 1 s).
         */
        guc->h2g_busy = true;
        guc->scratch[0] = HXG_ORIGIN_GUC |
                          (HXG_TYPE_NO_RESPONSE_BUSY << HXG_TYPE_SHIFT);
        timer_mod(guc->h2g_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                                  (int64_t)guc->late_ms * SCALE_MS);
        trace_intel_oa_guc_h2g_busy(action, guc->late_ms);
        return;
    }
    guc->h2g_pending = false;
    guc->h2g_busy = false;
    if (guc->garbage) {
        /*
         * guc-garbage (vgpu-contract.rst): the reply slot holds a message
         * of the GuC's that is no response (an EVENT), with junk data.
         */
        guc->scratch[1] = 0xdeadbeef;
        guc->scratch[2] = 0xdeadbeef;
        guc->scratch[3] = 0xdeadbeef;
        guc->scratch[0] = HXG_ORIGIN_GUC | (HXG_TYPE_EVENT << HXG_TYPE_SHIFT) |
                          (0x0badc0de & ~(HXG_ORIGIN_GUC | HXG_TYPE_MASK));
        trace_intel_oa_guc_h2g(action, msg[1], msg[2], msg[3], UINT32_MAX);
        return;
    }
    err = guc_action(guc, msg, &data0);
    guc_respond(guc, guc_response_hdr(!err, err ? err : data0));
    guc->stats.h2g_answered++;
    trace_intel_oa_guc_h2g(action, msg[1], msg[2], msg[3], err);
}

/* ---- host-to-GuC over the CT buffers ------------------------------------- */

/* Carry out a request from the H2G ring and answer it in the G2H ring. */
static void guc_ct_answer(IntelOAGuc *guc, uint16_t fence, const uint32_t *msg)
{
    uint32_t reply[INTEL_OA_GUC_MSG_DWORDS] = { 0 }, n = 1, err, data0;

    if (guc->garbage) {
        /*
         * guc-garbage (vgpu-contract.rst): under the request's fence, a
         * message that is no response: host origin, junk data.
         */
        reply[0] = (HXG_TYPE_EVENT << HXG_TYPE_SHIFT) |
                   (0x0badc0de & ~(HXG_ORIGIN_GUC | HXG_TYPE_MASK));
        reply[1] = reply[2] = reply[3] = 0xdeadbeef;
        n = ARRAY_SIZE(reply);
        err = UINT32_MAX;
    } else {
        err = guc_action(guc, msg, &data0);
        reply[0] = guc_response_hdr(!err, err ? err : data0);
    }
    guc->stats.h2g_answered++;
    trace_intel_oa_guc_ct_h2g(fence, msg[0] & HXG_ACTION_MASK, msg[1], msg[2],
                              msg[3], err);
    if (!intel_oa_guc_ct_g2h(&guc->ct, fence, reply, n)) {
        guc->stats.g2h_dropped++;
        qemu_log_mask(LOG_GUEST_ERROR, "intel-oa-gpu: GuC response to fence "
                      "%u dropped: the G2H CT buffer is off or full\n", fence);
        return;
    }
    guc_raise(guc, INTEL_OA_GUC_INTR_GUC2HOST);
}

/*
 * The firmware reads the H2G ring 20 us after the host's send interrupt
 * and answers each request in order. With guc-late a request's reply
 * comes late_ms after the firmware took it, and the firmware reads no
 * further until then.
 */
static void guc_ct_cb(void *opaque)
{
    IntelOAGuc *guc = opaque;
    uint32_t msg[INTEL_OA_GUC_MSG_DWORDS], n;
    uint16_t fence;

    if (guc->hang || !intel_oa_guc_boot_running(&guc->boot)) {
        /* a hung firmware loses the request it held and reads no more */
        guc->ct_owed = false;
        return;
    }
    if (guc->ct_owed) {
        guc->ct_owed = false;
        guc_ct_answer(guc, guc->ct_owed_fence, guc->ct_owed_msg);
    }
    while (intel_oa_guc_ct_h2g_next(&guc->ct, &fence, msg, ARRAY_SIZE(msg),
                                    &n) > 0) {
        if (guc->late_ms) {
            guc->ct_owed = true;
            guc->ct_owed_fence = fence;
            memcpy(guc->ct_owed_msg, msg, sizeof(msg));
            timer_mod(guc->ct_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                                     (int64_t)guc->late_ms * SCALE_MS);
            trace_intel_oa_guc_ct_late(fence, msg[0] & HXG_ACTION_MASK,
                                       guc->late_ms);
            return;
        }
        guc_ct_answer(guc, fence, msg);
    }
}

static void guc_ct_kick(IntelOAGuc *guc)
{
    if (guc->ct.enabled && !guc->ct_owed && !timer_pending(guc->ct_timer)) {
        timer_mod(guc->ct_timer,
                  qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + GUC_LATENCY_NS);
    }
}

/*
 * GUC_SEND_INTERRUPT. (model) The firmware takes a new MMIO request when
 * SOFT_SCRATCH(0) holds a header of host origin (its replies carry GuC
 * origin), and reads the H2G ring whenever the channel is on. A trigger
 * while an MMIO request is unanswered is dropped (violation 35) unless it
 * can only be meant for the H2G ring: SOFT_SCRATCH(0) unchanged since the
 * BUSY reply and the channel on.
 */
static void guc_send(IntelOAGuc *guc, uint32_t val)
{
    bool mmio_request;

    guc->send_latch = val;
    if (!FIELD_EX32(val, GUC_SEND_INTERRUPT, TRIGGER)) {
        return;
    }
    mmio_request = !(guc->scratch[0] & HXG_ORIGIN_GUC);
    if (guc->h2g_pending && (mmio_request || !guc->ct.enabled)) {
        intel_oa_violation(guc->viol, INTEL_OA_VIOL_GUC_SEND_WHILE_BUSY,
                           "GUC_SEND_INTERRUPT written while the request "
                           "0x%08x is not answered; dropped",
                           guc->h2g_msg[0]);
        return;
    }
    if (mmio_request) {
        if (!intel_oa_guc_boot_running(&guc->boot)) {
            /* no uKernel to take it: the request is never answered */
            return;
        }
        memcpy(guc->h2g_msg, guc->scratch, sizeof(guc->h2g_msg));
        guc->h2g_pending = true;
        timer_mod(guc->h2g_timer,
                  qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + GUC_LATENCY_NS);
    }
    if (intel_oa_guc_boot_running(&guc->boot)) {
        guc_ct_kick(guc);
    }
}

/* ---- doorbell servicing ------------------------------------------------ */

/* One OA-sample doorbell: a report at once, then OA_SAMPLE_DONE. */
static void guc_service_one(IntelOAGuc *guc, unsigned int id)
{
    uint32_t cookie = intel_oa_db_cookie(&guc->db, id);
    IntelOATrigger trig = { .ctx = cookie, .source = INTEL_OA_SOURCE_GUC };
    uint32_t off = 0;
    bool written;

    guc->stats.db_serviced++;
    if (guc->db_type[id] != GUC_DB_TYPE_OA_SAMPLE) {
        return;
    }
    written = intel_oa_unit_trigger(guc->oa, &trig, &off);
    guc_g2h_queue(guc, GUC_ACTION_OA_SAMPLE_DONE, cookie,
                  written ? GUC_SAMPLE_WRITTEN : GUC_SAMPLE_NO_REPORT, off);
}

static void guc_db_cb(void *opaque)
{
    IntelOAGuc *guc = opaque;
    unsigned int n, b;
    uint32_t isr;

    if (guc->hang || !intel_oa_guc_boot_running(&guc->boot) ||
        !intel_oa_db_guc_work(&guc->db)) {
        return;
    }
    for (n = 0; n < INTEL_OA_DB_GROUPS; n++) {
        isr = intel_oa_db_isr_read(&guc->db, n);
        intel_oa_db_isr_clear(&guc->db, n, isr);
        for (b = 0; b < 32; b++) {
            if (isr & (1u << b) && intel_oa_db_valid(&guc->db, 32 * n + b)) {
                guc_service_one(guc, 32 * n + b);
            }
        }
    }
}

/* Doorbell hook: the firmware looks at the stage 20 us after a ring. */
static void guc_db_to_guc(void *opaque)
{
    IntelOAGuc *guc = opaque;

    if (!timer_pending(guc->db_timer)) {
        timer_mod(guc->db_timer,
                  qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + GUC_LATENCY_NS);
    }
}

static void guc_db_to_host(void *opaque)
{
    guc_raise(opaque, INTEL_OA_GUC_INTR_DB_RANG);
}

/* ---- register interface -------------------------------------------------- */

static bool guc_in(hwaddr addr, hwaddr base, hwaddr size)
{
    return addr >= base && addr - base < size;
}

bool intel_oa_guc_mmio_read(IntelOAGuc *guc, hwaddr addr, uint32_t *val)
{
    if (!guc->present) {
        return false;
    }
    if (intel_oa_guc_boot_mmio_read(&guc->boot, addr, val) ||
        intel_oa_db_mmio_read(&guc->db, addr, val)) {
        return true;
    }
    if (guc_in(addr, A_SOFT_SCRATCH0, 4 * INTEL_OA_GUC_SCRATCH)) {
        *val = guc->scratch[(addr - A_SOFT_SCRATCH0) / 4];
        return true;
    }
    if (guc_in(addr, A_GUC_BCS_RCS_IER, 4 * INTEL_OA_GUC_IERS)) {
        *val = guc->ier[(addr - A_GUC_BCS_RCS_IER) / 4];
        return true;
    }
    switch (addr) {
    case A_GUC_HOST_INTR:
        *val = guc->host_intr;
        return true;
    case A_GUC_SEND_INTERRUPT:
    case A_GUC_HOST2GUC_DATA:
        *val = guc->send_latch;
        return true;
    }
    return false;
}

static void guc_read_only(hwaddr addr, uint32_t val)
{
    qemu_log_mask(LOG_GUEST_ERROR,
                  "intel-oa-gpu: GuC register 0x%" HWADDR_PRIx " is "
                  "read-only, write of 0x%08x ignored\n", addr, val);
}

bool intel_oa_guc_mmio_write(IntelOAGuc *guc, hwaddr addr, uint32_t val)
{
    unsigned int n;

    if (!guc->present) {
        return false;
    }
    if (intel_oa_guc_boot_mmio_write(&guc->boot, addr, val) ||
        intel_oa_db_mmio_write(&guc->db, addr, val)) {
        return true;
    }
    if (guc_in(addr, A_SOFT_SCRATCH0, 4 * INTEL_OA_GUC_SCRATCH)) {
        n = (addr - A_SOFT_SCRATCH0) / 4;
        guc->scratch[n] = val;
        return true;
    }
    if (guc_in(addr, A_GUC_BCS_RCS_IER, 4 * INTEL_OA_GUC_IERS)) {
        guc->ier[(addr - A_GUC_BCS_RCS_IER) / 4] = val;
        return true;
    }
    switch (addr) {
    case A_GUC_SEND_INTERRUPT:
        guc_send(guc, val);
        return true;
    case A_GUC_HOST_INTR:
    case A_GUC_HOST2GUC_DATA:
        guc_read_only(addr, val);
        return true;
    }
    return false;
}

/* ---- interrupt hooks ----------------------------------------------------- */

static bool guc_take_oa(void *opaque, uint32_t data)
{
    IntelOAGuc *guc = opaque;

    if (!(guc->ier[(A_GUC_WD_VECS_IER - A_GUC_BCS_RCS_IER) / 4] &
          (data << 16))) {
        return false;
    }
    guc->stats.oa_irqs++;
    return true;
}

static void guc_dw0_read(void *opaque, uint32_t dw0)
{
    IntelOAGuc *guc = opaque;
    uint32_t payload = guc->irq_in_service;

    if (dw0 && payload) {
        /* arrives while the host services the snapshot it just read */
        guc->irq_in_service = 0;
        guc_g2h_queue(guc, GUC_ACTION_NOTIFY, payload, 0, 0);
    }
}

/* ---- control page -------------------------------------------------------- */

uint32_t intel_oa_guc_ctl_read(IntelOAGuc *guc, hwaddr addr)
{
    if (!guc->present) {
        return 0;
    }
    switch (addr) {
    case A_CTL_GUC_HANG:
        return guc->hang;
    case A_CTL_GUC_GARBAGE:
        return guc->garbage;
    case A_CTL_GUC_LATE:
        return guc->late_ms;
    case A_CTL_GUC_PRELOADED:
        return intel_oa_guc_boot_running(&guc->boot);
    case A_CTL_IRQ_IN_SERVICE:
        return guc->irq_in_service;
    case A_CTL_H2G_ANSWERED:
        return guc->stats.h2g_answered;
    case A_CTL_G2H_PRESENTED:
        return guc->stats.g2h_presented;
    case A_CTL_DB_SERVICED:
        return guc->stats.db_serviced;
    case A_CTL_GUC_OA_IRQS:
        return guc->stats.oa_irqs;
    case A_CTL_G2H_DROPPED:
        return guc->stats.g2h_dropped;
    }
    return 0;
}

void intel_oa_guc_ctl_write(IntelOAGuc *guc, hwaddr addr, uint32_t val)
{
    if (!guc->present) {
        return;
    }
    switch (addr) {
    case A_CTL_GUC_HANG:
        guc->hang = val & 1;
        if (!guc->hang && intel_oa_db_guc_work(&guc->db)) {
            guc_db_to_guc(guc);
        }
        if (!guc->hang && intel_oa_guc_boot_running(&guc->boot)) {
            /* requests left in the H2G ring are read now */
            guc_ct_kick(guc);
        }
        break;
    case A_CTL_IRQ_IN_SERVICE:
        guc->irq_in_service = val;
        break;
    case A_CTL_GUC_GARBAGE:
        guc->garbage = val & 1;
        break;
    case A_CTL_GUC_LATE:
        /* a request already answered BUSY keeps its deadline */
        guc->late_ms = MIN(val, INTEL_OA_GUC_LATE_MAX_MS);
        break;
    case A_CTL_GUC_PRELOADED:
        /* as if another driver had loaded the GuC and left it running */
        if (val & 1) {
            intel_oa_guc_boot_preload(&guc->boot);
        }
        break;
    }
}

/* ---- lifecycle ----------------------------------------------------------- */

/* What the uKernel held is gone when it stops (GuC reset) */
static void guc_firmware_state_reset(IntelOAGuc *guc)
{
    timer_del(guc->h2g_timer);
    timer_del(guc->db_timer);
    timer_del(guc->ct_timer);
    guc->ct_owed = false;
    guc->h2g_pending = false;
    memset(guc->h2g_msg, 0, sizeof(guc->h2g_msg));
    intel_oa_guc_ct_reset(&guc->ct);
    intel_oa_db_reset(&guc->db);
    memset(guc->db_type, 0, sizeof(guc->db_type));
    guc->h2g_busy = false;
}

static void guc_boot_changed(void *opaque, bool running)
{
    if (!running) {
        guc_firmware_state_reset(opaque);
    }
}

bool intel_oa_guc_init(IntelOAGuc *guc, const IntelOAPlatform *plat,
                       AddressSpace *dma_as, IntelOAGgtt *ggtt,
                       IntelOAViolations *viol, IntelOAIrq *irq,
                       IntelOAUnit *oa, const char *key_path,
                       Error **errp)
{
    bool present = plat->has_guc;

    IntelOAIrqGucHooks hooks = {
        .take_oa = guc_take_oa,
        .dw0_read = guc_dw0_read,
        .opaque = guc,
    };
    IntelOADoorbellHooks db_hooks = {
        .to_guc = guc_db_to_guc,
        .to_host = guc_db_to_host,
        .opaque = guc,
    };

    guc->present = present;
    guc->viol = viol;
    guc->irq = irq;
    guc->oa = oa;
    intel_oa_db_init(&guc->db, viol, &db_hooks);
    /* the timers exist everywhere so one migration layout fits all */
    guc->h2g_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, guc_h2g_cb, guc);
    guc->db_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, guc_db_cb, guc);
    guc->ct_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, guc_ct_cb, guc);
    intel_oa_guc_ct_init(&guc->ct, dma_as, ggtt);
    if (!intel_oa_guc_boot_init(&guc->boot, dma_as, ggtt, viol,
                                present ? plat->guc_rsa_bytes : 0,
                                present ? key_path : NULL,
                                guc_boot_changed, guc, errp)) {
        intel_oa_guc_finalize(guc);
        return false;
    }
    if (present) {
        intel_oa_irq_attach_guc(irq, &hooks);
    }
    return true;
}

void intel_oa_guc_finalize(IntelOAGuc *guc)
{
    g_clear_pointer(&guc->h2g_timer, timer_free);
    g_clear_pointer(&guc->db_timer, timer_free);
    g_clear_pointer(&guc->ct_timer, timer_free);
    intel_oa_guc_boot_finalize(&guc->boot);
}

void intel_oa_guc_reset(IntelOAGuc *guc)
{
    unsigned int i;

    guc_firmware_state_reset(guc);
    intel_oa_guc_boot_reset(&guc->boot);
    memset(guc->scratch, 0, sizeof(guc->scratch));
    guc->send_latch = 0;
    guc->host_intr = 0;
    /* everything goes to the GuC until the driver routes it (dg2.rst) */
    for (i = 0; i < INTEL_OA_GUC_IERS; i++) {
        guc->ier[i] = UINT32_MAX;
    }
    guc->hang = 0;
    guc->garbage = 0;
    guc->late_ms = 0;
    guc->irq_in_service = 0;
    memset(&guc->stats, 0, sizeof(guc->stats));
}

static int guc_post_load(void *opaque, int version_id)
{
    IntelOAGuc *guc = opaque;

    return guc->late_ms > INTEL_OA_GUC_LATE_MAX_MS ? -EINVAL : 0;
}

const VMStateDescription vmstate_intel_oa_guc = {
    .name = "intel-oa-gpu/guc",
    .version_id = 6,
    .minimum_version_id = 6,
    .post_load = guc_post_load,
    .fields = (VMStateField[]) {
        VMSTATE_UINT32_ARRAY(scratch, IntelOAGuc, INTEL_OA_GUC_SCRATCH),
        VMSTATE_UINT32(send_latch, IntelOAGuc),
        VMSTATE_UINT32(host_intr, IntelOAGuc),
        VMSTATE_UINT32_ARRAY(ier, IntelOAGuc, INTEL_OA_GUC_IERS),
        VMSTATE_BOOL(h2g_pending, IntelOAGuc),
        VMSTATE_UINT32_ARRAY(h2g_msg, IntelOAGuc, INTEL_OA_GUC_MSG_DWORDS),
        VMSTATE_TIMER_PTR(h2g_timer, IntelOAGuc),
        VMSTATE_STRUCT(db, IntelOAGuc, 1, vmstate_intel_oa_doorbells,
                       IntelOADoorbells),
        VMSTATE_UINT8_ARRAY(db_type, IntelOAGuc, INTEL_OA_DB_IDS),
        VMSTATE_TIMER_PTR(db_timer, IntelOAGuc),
        VMSTATE_UINT32(hang, IntelOAGuc),
        VMSTATE_UINT32_V(garbage, IntelOAGuc, 2),
        VMSTATE_UINT32_V(late_ms, IntelOAGuc, 3),
        VMSTATE_BOOL_V(h2g_busy, IntelOAGuc, 3),
        VMSTATE_UINT32(irq_in_service, IntelOAGuc),
        VMSTATE_UINT32(stats.h2g_answered, IntelOAGuc),
        VMSTATE_UINT32(stats.g2h_presented, IntelOAGuc),
        VMSTATE_UINT32(stats.db_serviced, IntelOAGuc),
        VMSTATE_UINT32(stats.oa_irqs, IntelOAGuc),
        VMSTATE_UINT32(stats.g2h_dropped, IntelOAGuc),
        /* version 4: the GuC boot path */
        VMSTATE_STRUCT(boot, IntelOAGuc, 4, vmstate_intel_oa_guc_boot,
                       IntelOAGucBoot),
        VMSTATE_STRUCT(ct, IntelOAGuc, 5, vmstate_intel_oa_guc_ct,
                       IntelOAGucCt),
        /* version 6: requests over the H2G CT buffer */
        VMSTATE_TIMER_PTR(ct_timer, IntelOAGuc),
        VMSTATE_BOOL(ct_owed, IntelOAGuc),
        VMSTATE_UINT16(ct_owed_fence, IntelOAGuc),
        VMSTATE_UINT32_ARRAY(ct_owed_msg, IntelOAGuc, INTEL_OA_GUC_MSG_DWORDS),
        VMSTATE_END_OF_LIST()
    }
};
