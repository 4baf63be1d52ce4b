/*
 * intel-oa-gpu: the PRM-rule violation sink.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "intel_oa_violation.h"
#include "trace.h"

static const char *const violation_names[INTEL_OA_VIOL_COUNT] = {
    [INTEL_OA_VIOL_NONE] = "none",
    [INTEL_OA_VIOL_OABUFFER_WHILE_ENABLED] = "oabuffer-while-enabled",
    [INTEL_OA_VIOL_TAILPTR_WHILE_ENABLED] = "tailptr-while-enabled",
    [INTEL_OA_VIOL_OABUFFER_NOT_GGTT] = "oabuffer-not-ggtt",
    [INTEL_OA_VIOL_HEADPTR_UNALIGNED] = "headptr-unaligned",
    [INTEL_OA_VIOL_HEADPTR_OUTSIDE] = "headptr-outside-buffer",
    [INTEL_OA_VIOL_TAILPTR_UNALIGNED] = "tailptr-unaligned",
    [INTEL_OA_VIOL_TAILPTR_OUTSIDE] = "tailptr-outside-buffer",
    [INTEL_OA_VIOL_OACONTROL_MBZ] = "oacontrol-mbz",
    [INTEL_OA_VIOL_OACTXCONTROL_MBZ] = "oactxcontrol-mbz",
    [INTEL_OA_VIOL_OASTATUS_MBZ] = "oastatus-mbz",
    [INTEL_OA_VIOL_BAD_COUNTER_SELECT] = "bad-counter-select",
    [INTEL_OA_VIOL_ENABLE_WITHOUT_BUFFER] = "enable-without-buffer",
    [INTEL_OA_VIOL_GGTT_FAULT] = "ggtt-fault",
    [INTEL_OA_VIOL_OABUFFER_UDW_NONZERO] = "oabuffer-udw-nonzero",
    [INTEL_OA_VIOL_OABUFFER_BEYOND_GGTT] = "oabuffer-beyond-ggtt",
    [INTEL_OA_VIOL_OAG_BAD_SELECT] = "oag-bad-counter-select",
    [INTEL_OA_VIOL_OAG_BUFFER_WITHOUT_TLB_INV] = "oag-buffer-without-tlb-inv",
    [INTEL_OA_VIOL_LEGACY_OA_REG] = "legacy-oa-register-on-gen12",
    [INTEL_OA_VIOL_IRQ_SELECTOR_NOT_ONE_HOT] = "irq-selector-not-one-hot",
    [INTEL_OA_VIOL_IRQ_SELECTOR_NOT_PENDING] = "irq-selector-not-pending",
    [INTEL_OA_VIOL_IRQ_IIR_CLEAR_UNSERVICED] = "irq-iir-clear-unserviced",
    [INTEL_OA_VIOL_GEN7_BUFFER_WHILE_ENABLED] = "gen7-buffer-while-enabled",
    [INTEL_OA_VIOL_GEN7_ENABLE_OUT_OF_SEQUENCE] =
        "gen7-enable-out-of-sequence",
    [INTEL_OA_VIOL_GEN7_TAIL_NOT_HEAD] = "gen7-tail-not-head",
    [INTEL_OA_VIOL_GEN7_CLOCK_GATING] = "gen7-clock-gating-on",
    [INTEL_OA_VIOL_GEN7_BUFFER_UNALIGNED] = "gen7-oabuffer-unaligned",
    [INTEL_OA_VIOL_GEN7_BUFFER_NOT_GGTT] = "gen7-buffer-not-ggtt",
    [INTEL_OA_VIOL_GEN7_BAD_COUNTER_SELECT] = "gen7-bad-counter-select",
    [INTEL_OA_VIOL_FORCEWAKE_NOT_AWAKE] = "forcewake-not-awake",
    [INTEL_OA_VIOL_MCR_READ_MULTICAST] = "mcr-read-multicast",
    [INTEL_OA_VIOL_MCR_READ_FUSED_OFF] = "mcr-read-fused-off",
    [INTEL_OA_VIOL_MCR_UNICAST_WRITE] = "mcr-unicast-write",
    [INTEL_OA_VIOL_DOORBELL_REG_HOST_WRITE] = "doorbell-reg-host-write",
    [INTEL_OA_VIOL_DOORBELL_RING_UNARMED] = "doorbell-ring-unarmed",
    [INTEL_OA_VIOL_GUC_SEND_WHILE_BUSY] = "guc-send-while-busy",
    [INTEL_OA_VIOL_FLEX_UNSUPPORTED_FILTER] = "flex-unsupported-filter",
    [INTEL_OA_VIOL_FLEX_RESERVED_ENCODING] = "flex-reserved-encoding",
    [INTEL_OA_VIOL_CEC_RESERVED_SOURCE] = "cec-reserved-source",
    [INTEL_OA_VIOL_GUC_DMA_WITHOUT_SHIM] = "guc-dma-without-shim",
    [INTEL_OA_VIOL_GUC_DMA_WHILE_RUNNING] = "guc-dma-while-running",
    [INTEL_OA_VIOL_OASTATUS_SW_SET] = "oastatus-software-set",
    [INTEL_OA_VIOL_OA_BUFFER_NOT_COHERENT] = "oa-buffer-not-coherent",
    [INTEL_OA_VIOL_CS_UNKNOWN_COMMAND] = "cs-unknown-command",
    [INTEL_OA_VIOL_CS_GGTT_FAULT] = "cs-ggtt-fault",
    [INTEL_OA_VIOL_CS_BATCH_END_IN_RING] = "cs-batch-end-in-ring",
    [INTEL_OA_VIOL_CS_TAIL_OUTSIDE] = "cs-tail-outside-ring",
    [INTEL_OA_VIOL_CS_RING_WHILE_BUSY] = "cs-ring-written-while-busy",
    [INTEL_OA_VIOL_CS_RPC_NO_FORMAT] = "cs-rpc-without-format",
    [INTEL_OA_VIOL_CS_RPC_ADDRESS] = "cs-rpc-address-mbz",
    [INTEL_OA_VIOL_CS_PPGTT_FAULT] = "cs-ppgtt-fault",
    [INTEL_OA_VIOL_CS_ELSP_WHILE_ACTIVE] = "cs-elsp-while-active",
    [INTEL_OA_VIOL_CS_BAD_CONTEXT] = "cs-bad-context",
    [INTEL_OA_VIOL_CS_RING_IN_EXECLISTS] = "cs-ring-mmio-in-execlists",
    [INTEL_OA_VIOL_CS_WRONG_SUBMIT_PORT] = "cs-wrong-submit-port",
    [INTEL_OA_VIOL_CS_RPC_OAR_OFF] = "cs-rpc-oar-off",
};

const char *intel_oa_violation_name(IntelOAViolation code)
{
    if (code >= INTEL_OA_VIOL_COUNT || !violation_names[code]) {
        return "unknown";
    }
    return violation_names[code];
}

void intel_oa_violation(IntelOAViolations *v, IntelOAViolation code,
                        const char *fmt, ...)
{
    g_autofree char *msg = NULL;
    va_list ap;

    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);

    v->count++;
    v->last = code;
    trace_intel_oa_violation(code, intel_oa_violation_name(code));
    qemu_log_mask(LOG_GUEST_ERROR,
                  "intel-oa-gpu: PRM violation %u (%s): %s\n",
                  code, intel_oa_violation_name(code), msg);
}
