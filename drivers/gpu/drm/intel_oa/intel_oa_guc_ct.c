// SPDX-License-Identifier: GPL-2.0
/*
 * GuC command transport buffers (Gen12.5): set-up over the MMIO mailbox,
 * requests in the host-to-GuC ring, responses and events in the
 * GuC-to-host ring.
 */

#include <linux/bitfield.h>
#include <linux/circ_buf.h>
#include <linux/dma-mapping.h>
#include <linux/seq_file.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_guc_regs.h"
#include "intel_oa_trace.h"

/**
 * DOC: GuC CT buffers
 *
 * The GuC's public message channel (i915/xe
 * ``abi/guc_communication_ctb_abi.h``): two rings in memory, host-to-GuC
 * and GuC-to-host, each with a 64-byte descriptor whose head and tail
 * count dwords; the receiver moves the head, the sender the tail. A
 * message is one header dword (FENCE 31:16, FORMAT 15:12 = HXG,
 * NUM_DWORDS 7:0) and the HXG message it carries.
 *
 * Once the GuC runs, the driver allocates 16 KiB of coherent memory (as
 * xe lays it out: the H2G descriptor at 0, the G2H descriptor at 2 KiB,
 * the 4 KiB H2G ring at 4 KiB, the 8 KiB G2H ring at 8 KiB), maps it at
 * the highest free GGTT range below GUC_GGTT_TOP (0xfee00000: i915
 * ``intel_guc.h``, the GuC does not see GGTT addresses above it), names
 * the six addresses and sizes with HOST2GUC_SELF_CFG KLVs (0x0508, keys
 * 0x0902..0x0907 of ``guc_klvs_abi.h``, one per MMIO request; a reply of
 * 0 KLVs taken is -ENOKEY) and enables the channel with
 * HOST2GUC_CONTROL_CTB (0x4509), as xe's guc_ct_ctb_*_register() and
 * guc_ct_control_toggle() do.
 *
 * Requests (intel_oa_guc_ct_send(), i915's ct_send() and ct_write()):
 * once the channel is up every request goes over it. Under
 * &intel_oa_guc.send_lock the driver checks the H2G descriptor's status
 * (any bit set: the channel is broken, -EPIPE) and the room between its
 * tail and the GuC's head, writes the CTB header (the request's 16-bit
 * fence, HXG format, 4 dwords) and the HXG request, publishes the tail
 * after a write barrier and raises GUC_SEND_INTERRUPT. It then sleeps
 * until the response with that fence has arrived, up to 1 s (i915's
 * GUC_CTB_RESPONSE_TIMEOUT_LONG_MS): -ETIMEDOUT otherwise. A response is
 * HXG RESPONSE_SUCCESS (its data0 is the result) or RESPONSE_FAILURE
 * (-EIO, error and hint logged at debug level). Any other message under a
 * waiting request's fence, such as one not of GuC origin, fails the
 * request with -EIO at once and is logged, rate-limited. A response whose
 * fence no request waits for, such as the late reply of a request that
 * timed out, is discarded and counted (debugfs h2g_stale): fences make
 * sure it is never taken for a later request's. The GuC reads requests
 * in order, so one still owed delays the next, and nothing is lost.
 *
 * GuC-to-host messages arrive in the G2H ring with a GUC2HOST interrupt;
 * the interrupt thread consumes everything between head and tail and
 * then publishes the head (intel_oa_guc_ct_receive()). A header whose
 * length does not fit what the tail covers means a corrupt ring: the
 * rest is skipped and counted (debugfs g2h_unknown).
 *
 * At unbind the GuC is reset before the memory is unmapped and freed, so
 * it cannot write into freed pages.
 */

#define GUC_GGTT_TOP		0xfee00000
#define CT_SIZE			SZ_16K
#define CT_H2G_DESC		0
#define CT_G2H_DESC		SZ_2K
#define CT_H2G_RING		SZ_4K
#define CT_H2G_SIZE		SZ_4K
#define CT_G2H_RING		SZ_8K
#define CT_G2H_SIZE		SZ_8K
#define CT_PAGES		(CT_SIZE / PAGE_SIZE)

/* struct guc_ct_buffer_desc: head, tail, status, reserved[13] */
#define CT_DESC_HEAD		0
#define CT_DESC_TAIL		1
#define CT_DESC_STATUS		2

#define GUC_CTB_MSG_0_FENCE		GENMASK(31, 16)
#define GUC_CTB_MSG_0_FORMAT		GENMASK(15, 12)
#define   GUC_CTB_FORMAT_HXG		0
#define GUC_CTB_MSG_0_NUM_DWORDS	GENMASK(7, 0)

/* A request: the CTB header, then the HXG header and DW1..3. */
#define CT_H2G_REQUEST_DWORDS		5
/* i915's GUC_CTB_RESPONSE_TIMEOUT_LONG_MS */
#define CT_RESPONSE_TIMEOUT_MS		1000

enum {
	KLV_H2G_CTB_ADDR = 0x0902,
	KLV_H2G_CTB_DESC = 0x0903,
	KLV_H2G_CTB_SIZE = 0x0904,
	KLV_G2H_CTB_ADDR = 0x0905,
	KLV_G2H_CTB_DESC = 0x0906,
	KLV_G2H_CTB_SIZE = 0x0907,
};

static int self_cfg(struct intel_oa_device *oa, u16 key, u16 len, u64 val)
{
	u32 dw[3] = { (u32)key << 16 | len, lower_32_bits(val),
		      upper_32_bits(val) };
	u32 taken = 0;
	int ret;

	ret = intel_oa_guc_send(oa, INTEL_GUC_ACTION_SELF_CFG, dw, &taken);
	if (!ret && taken != 1) {
		drm_notice(&oa->drm, "GuC did not take SELF_CFG key 0x%04x\n",
			   key);
		ret = -ENOKEY;
	}
	return ret;
}

static int ct_register(struct intel_oa_device *oa)
{
	/* xe's order; an address is a GGTT offset in the block, len 2 */
	static const struct { u16 key, len; u32 val; } klvs[] = {
		{ KLV_H2G_CTB_DESC, 2, CT_H2G_DESC },
		{ KLV_H2G_CTB_ADDR, 2, CT_H2G_RING },
		{ KLV_H2G_CTB_SIZE, 1, CT_H2G_SIZE },
		{ KLV_G2H_CTB_DESC, 2, CT_G2H_DESC },
		{ KLV_G2H_CTB_ADDR, 2, CT_G2H_RING },
		{ KLV_G2H_CTB_SIZE, 1, CT_G2H_SIZE },
	};
	u32 base = oa->guc.ct.ggtt_offset;
	u32 on[3] = { GUC_CTB_CONTROL_ENABLE };
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(klvs); i++) {
		ret = self_cfg(oa, klvs[i].key, klvs[i].len,
			       klvs[i].len == 2 ? base + klvs[i].val :
						  klvs[i].val);
		if (ret)
			return ret;
	}
	return intel_oa_guc_send(oa, INTEL_GUC_ACTION_CONTROL_CTB, on, NULL);
}

static void ct_release(void *data)
{
	struct intel_oa_device *oa = data;
	struct intel_oa_guc_ct *ct = &oa->guc.ct;

	/* A running GuC could still write the G2H ring: stop it first. */
	intel_oa_guc_fw_reset(oa);
	WRITE_ONCE(ct->enabled, false);
	if (!intel_oa_device_gone(oa))
		intel_oa_ggtt_restore(oa, ct->ggtt_offset, ct->saved, CT_PAGES);
	dma_free_coherent(&oa->pdev->dev, CT_SIZE, ct->vaddr, ct->dma);
}

/**
 * intel_oa_guc_ct_enable - set up and enable the CT buffers
 * @oa: device whose GuC runs; the caller holds forcewake
 *
 * Return: 0, -ENOSPC (no GGTT range for them), -ENOMEM, or the error of
 * a set-up request.
 */
int intel_oa_guc_ct_enable(struct intel_oa_device *oa)
{
	struct intel_oa_guc_ct *ct = &oa->guc.ct;
	dma_addr_t dma[CT_PAGES];
	unsigned int i;
	int ret;

	BUILD_BUG_ON(ARRAY_SIZE(ct->saved) != CT_PAGES);
	ret = intel_oa_ggtt_find_free(oa, CT_SIZE, GUC_GGTT_TOP,
				      &ct->ggtt_offset);
	if (ret) {
		drm_notice(&oa->drm, "no free GGTT range below 0x%x for the GuC CT buffers\n",
			   GUC_GGTT_TOP);
		return ret;
	}
	ct->vaddr = dma_alloc_coherent(&oa->pdev->dev, CT_SIZE, &ct->dma,
				       GFP_KERNEL);
	if (!ct->vaddr)
		return -ENOMEM;
	intel_oa_ggtt_save(oa, ct->ggtt_offset, ct->saved, CT_PAGES);
	for (i = 0; i < CT_PAGES; i++)
		dma[i] = ct->dma + i * PAGE_SIZE;
	intel_oa_ggtt_insert(oa, ct->ggtt_offset, dma, CT_PAGES);
	ret = devm_add_action_or_reset(&oa->pdev->dev, ct_release, oa);
	if (ret)
		return ret;

	ret = ct_register(oa);
	if (ret) {
		drm_notice(&oa->drm, "GuC CT set-up failed (%d)\n", ret);
		return ret;
	}
	WRITE_ONCE(ct->enabled, true);
	drm_dbg(&oa->drm, "GuC CT buffers at GGTT 0x%x\n", ct->ggtt_offset);
	return 0;
}

static u32 ct_read(const struct intel_oa_guc_ct *ct, u32 off)
{
	return le32_to_cpu(READ_ONCE(((__le32 *)ct->vaddr)[off / 4]));
}

/**
 * intel_oa_guc_ct_receive - consume the G2H ring
 * @oa: device
 * @dispatch: called for each message, with the fence of its CTB header
 *	and its HXG dwords (up to 4; the rest of @msg reads 0)
 *
 * Called from the interrupt thread only: the single consumer.
 */
void intel_oa_guc_ct_receive(struct intel_oa_device *oa,
			     void (*dispatch)(struct intel_oa_device *oa,
					      u16 fence, const u32 msg[4]))
{
	struct intel_oa_guc_ct *ct = &oa->guc.ct;
	const u32 size = CT_G2H_SIZE / 4;
	__le32 *desc;
	u32 head, tail, hdr, n, avail, msg[4], i;

	if (!READ_ONCE(ct->enabled))
		return;
	desc = ct->vaddr + CT_G2H_DESC;
	head = le32_to_cpu(READ_ONCE(desc[CT_DESC_HEAD]));
	tail = le32_to_cpu(READ_ONCE(desc[CT_DESC_TAIL]));
	/* The ring's contents as of that tail. */
	dma_rmb();
	if (head >= size || tail >= size) {
		drm_err_ratelimited(&oa->drm, "G2H descriptor head %u tail %u outside the ring\n",
				    head, tail);
		atomic64_inc(&oa->guc.stats.g2h_unknown);
		return;
	}
	while (head != tail) {
		hdr = ct_read(ct, CT_G2H_RING + head * 4);
		n = FIELD_GET(GUC_CTB_MSG_0_NUM_DWORDS, hdr);
		avail = (tail + size - head - 1) % size;
		if (!n || n > avail) {
			drm_err_ratelimited(&oa->drm, "corrupt G2H message header 0x%08x: %u dwords, %u in the ring; skipped\n",
					    hdr, n, avail);
			atomic64_inc(&oa->guc.stats.g2h_unknown);
			head = tail;
			break;
		}
		memset(msg, 0, sizeof(msg));
		for (i = 0; i < n; i++) {
			u32 at = (head + 1 + i) % size;

			if (i < ARRAY_SIZE(msg))
				msg[i] = ct_read(ct, CT_G2H_RING + at * 4);
		}
		head = (head + 1 + n) % size;
		dispatch(oa, FIELD_GET(GUC_CTB_MSG_0_FENCE, hdr), msg);
	}
	/* Done reading before the GuC may reuse the space. */
	dma_mb();
	WRITE_ONCE(desc[CT_DESC_HEAD], cpu_to_le32(head));
}

static u32 ct_h2g_read(const struct intel_oa_guc_ct *ct, unsigned int field)
{
	const __le32 *desc = ct->vaddr + CT_H2G_DESC;

	return le32_to_cpu(READ_ONCE(desc[field]));
}

/* An HXG header of GuC origin and of @type. */
static bool hxg_is(u32 hxg, u32 type)
{
	return (hxg & GUC_HXG_MSG_0_ORIGIN) &&
	       FIELD_GET(GUC_HXG_MSG_0_TYPE, hxg) == type;
}

/* Write the request and publish it; under send_lock. */
static int ct_write_request(struct intel_oa_device *oa, u16 fence,
			    u32 action, const u32 dw[3])
{
	struct intel_oa_guc_ct *ct = &oa->guc.ct;
	const u32 size = CT_H2G_SIZE / 4;
	__le32 *desc = ct->vaddr + CT_H2G_DESC;
	__le32 *ring = ct->vaddr + CT_H2G_RING;
	u32 msg[CT_H2G_REQUEST_DWORDS], status, head, tail = ct->h2g_tail;
	unsigned int i;

	lockdep_assert_held(&oa->guc.send_lock);

	status = ct_h2g_read(ct, CT_DESC_STATUS);
	head = ct_h2g_read(ct, CT_DESC_HEAD);
	if (status || head >= size) {
		drm_err_ratelimited(&oa->drm, "GuC H2G channel broken: status 0x%x head %u tail %u; reload the driver\n",
				    status, head, tail);
		return -EPIPE;
	}
	/* The GuC has not read far enough yet: a hung or slow GuC. */
	if (CIRC_SPACE(tail, head, size) < CT_H2G_REQUEST_DWORDS)
		return -EBUSY;

	msg[0] = FIELD_PREP(GUC_CTB_MSG_0_FENCE, fence) |
		 FIELD_PREP(GUC_CTB_MSG_0_FORMAT, GUC_CTB_FORMAT_HXG) |
		 FIELD_PREP(GUC_CTB_MSG_0_NUM_DWORDS,
			    CT_H2G_REQUEST_DWORDS - 1);
	msg[1] = FIELD_PREP(GUC_HXG_MSG_0_ORIGIN, GUC_HXG_ORIGIN_HOST) |
		 FIELD_PREP(GUC_HXG_MSG_0_TYPE, GUC_HXG_TYPE_REQUEST) |
		 FIELD_PREP(GUC_HXG_REQUEST_MSG_0_ACTION, action);
	memcpy(&msg[2], dw, 3 * sizeof(u32));
	for (i = 0; i < ARRAY_SIZE(msg); i++) {
		WRITE_ONCE(ring[tail], cpu_to_le32(msg[i]));
		tail = (tail + 1) % size;
	}
	/* The message before the tail that makes it visible. */
	dma_wmb();
	WRITE_ONCE(desc[CT_DESC_TAIL], cpu_to_le32(tail));
	ct->h2g_tail = tail;
	return 0;
}

/**
 * intel_oa_guc_ct_send - send one request over the H2G CT buffer and wait
 * @oa: device
 * @action: INTEL_GUC_ACTION_*
 * @dw: request DW1..3
 * @data0: out (may be NULL): data0 of a success response
 *
 * See DOC "GuC CT buffers". Sleeps.
 *
 * Return: 0, -ENODEV (no channel), -EPIPE (the channel is broken),
 * -EBUSY (no room: the GuC has not read earlier requests), -ETIMEDOUT
 * (no response in 1 s), -EIO (a failure response or a malformed one) or
 * a forcewake error.
 */
int intel_oa_guc_ct_send(struct intel_oa_device *oa, u32 action,
			 const u32 dw[3], u32 *data0)
{
	struct intel_oa_guc *guc = &oa->guc;
	struct intel_oa_guc_ct *ct = &guc->ct;
	bool done;
	u16 fence;
	u32 hxg;
	int ret;

	if (!READ_ONCE(ct->enabled))
		return -ENODEV;
	ret = intel_oa_forcewake_get(oa);
	if (ret)
		return ret;

	mutex_lock(&guc->send_lock);
	/* 0 means "no request waits": never a request's fence, even wrapped */
	do {
		fence = ++ct->last_fence;
	} while (!fence);
	spin_lock_irq(&guc->lock);
	ct->wait_fence = fence;
	ct->resp_done = false;
	spin_unlock_irq(&guc->lock);

	ret = ct_write_request(oa, fence, action, dw);
	if (ret)
		goto out;
	intel_oa_write(oa, GUC_SEND_INTERRUPT, GUC_SEND_TRIGGER);
	atomic64_inc(&guc->stats.h2g_sent);

	wait_event_timeout(guc->wq, READ_ONCE(ct->resp_done),
			   msecs_to_jiffies(CT_RESPONSE_TIMEOUT_MS));
	spin_lock_irq(&guc->lock);
	done = ct->resp_done;
	hxg = ct->resp;
	spin_unlock_irq(&guc->lock);

	if (!done) {
		ret = -ETIMEDOUT;
		atomic64_inc(&guc->stats.h2g_timeouts);
		trace_intel_oa_guc_timeout(action);
		drm_err_ratelimited(&oa->drm,
				    "GuC did not answer %s (action 0x%04x, fence %u) within %d ms\n",
				    intel_oa_guc_action_name(action), action,
				    fence, CT_RESPONSE_TIMEOUT_MS);
	} else if (hxg_is(hxg, GUC_HXG_TYPE_RESPONSE_SUCCESS)) {
		if (data0)
			*data0 = FIELD_GET(GUC_HXG_RESPONSE_MSG_0_DATA0, hxg);
	} else if (hxg_is(hxg, GUC_HXG_TYPE_RESPONSE_FAILURE)) {
		drm_dbg(&oa->drm,
			"GuC refused %s (action 0x%04x): error 0x%x hint 0x%x\n",
			intel_oa_guc_action_name(action), action,
			FIELD_GET(GUC_HXG_FAILURE_MSG_0_ERROR, hxg),
			FIELD_GET(GUC_HXG_FAILURE_MSG_0_HINT, hxg));
		ret = -EIO;
	} else {
		drm_err_ratelimited(&oa->drm,
				    "GuC answered %s (fence %u) with an unexpected header 0x%08x\n",
				    intel_oa_guc_action_name(action), fence, hxg);
		ret = -EIO;
	}
out:
	spin_lock_irq(&guc->lock);
	ct->wait_fence = 0;
	spin_unlock_irq(&guc->lock);
	trace_intel_oa_guc_h2g(action, dw, ret);
	mutex_unlock(&guc->send_lock);
	intel_oa_forcewake_put(oa);
	return ret;
}

/**
 * intel_oa_guc_ct_response - hand a G2H response to the request it answers
 * @oa: device
 * @fence: the fence of its CTB header
 * @hxg: its HXG header
 *
 * Called from the interrupt thread for every G2H message that is not a
 * GuC event. One whose fence no request waits for is discarded.
 */
void intel_oa_guc_ct_response(struct intel_oa_device *oa, u16 fence, u32 hxg)
{
	struct intel_oa_guc *guc = &oa->guc;
	struct intel_oa_guc_ct *ct = &guc->ct;
	unsigned long flags;
	bool taken = false;

	spin_lock_irqsave(&guc->lock, flags);
	if (ct->wait_fence && fence == ct->wait_fence && !ct->resp_done) {
		ct->resp = hxg;
		ct->resp_done = true;
		taken = true;
		wake_up_all(&guc->wq);
	}
	spin_unlock_irqrestore(&guc->lock, flags);

	if (!taken) {
		atomic64_inc(&guc->stats.h2g_stale);
		drm_dbg(&oa->drm, "GuC response 0x%08x for fence %u: no request waits for it; discarded\n",
			hxg, fence);
	}
}

/**
 * intel_oa_guc_ct_show - the CT line of debugfs guc
 * @oa: device whose CT buffers are enabled
 * @m: debugfs file
 *
 * Prints the GGTT address, both descriptors' head, tail and status (in
 * dwords, as the GuC sees them) and the last request's fence.
 */
void intel_oa_guc_ct_show(struct intel_oa_device *oa, struct seq_file *m)
{
	struct intel_oa_guc_ct *ct = &oa->guc.ct;
	const __le32 *g2h = ct->vaddr + CT_G2H_DESC;
	u16 fence;

	mutex_lock(&oa->guc.send_lock);
	fence = ct->last_fence;
	mutex_unlock(&oa->guc.send_lock);
	seq_printf(m, "ct: ggtt=0x%x h2g_head=%u h2g_tail=%u h2g_status=0x%x g2h_head=%u g2h_tail=%u g2h_status=0x%x last_fence=%u\n",
		   ct->ggtt_offset, ct_h2g_read(ct, CT_DESC_HEAD),
		   ct_h2g_read(ct, CT_DESC_TAIL),
		   ct_h2g_read(ct, CT_DESC_STATUS),
		   le32_to_cpu(READ_ONCE(g2h[CT_DESC_HEAD])),
		   le32_to_cpu(READ_ONCE(g2h[CT_DESC_TAIL])),
		   le32_to_cpu(READ_ONCE(g2h[CT_DESC_STATUS])), fence);
}
