// SPDX-License-Identifier: GPL-2.0
/*
 * The OA buffer: its size, allocation and reset.
 */

#include <linux/dma-mapping.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include <drm/drm_print.h>

#include "intel_oa.h"

/**
 * DOC: OA buffer
 *
 * The OA unit appends reports to a circular buffer of system pages mapped
 * at a fixed GGTT range (see "GGTT"). Its size is chosen per stream
 * (INTEL_OA_PERF_PROP_OA_BUFFER_SIZE, else intel_oa_buffer_default_size())
 * among the powers of two the generation's size field can express:
 * 128 KiB..16 MiB on Gen8+ and Haswell (128 KiB << field), 16 KiB..128 KiB
 * on Sandy Bridge, Ivy Bridge and Valleyview (16 KiB * (field + 1)),
 * &intel_oa_gen_desc.oa_buffer_min and .oa_buffer_max. It is only a
 * staging area: the drain (see "draining") moves every landed report into
 * the stream ring and hands the space back to the unit through OAHEADPTR.
 *
 * The default size makes the half-full interrupt the drain at any rate:
 * half the buffer fills in about 50 ms at the stream's sampling rate, so
 * the interrupt fires about 20 times a second and the other half (at
 * least 25 ms of reports) absorbs the interrupt thread's latency. Where
 * even the smallest buffer takes longer to half fill (at 1 kHz a 128 KiB
 * buffer of 256-byte reports takes 256 ms) the smallest is used, and the
 * largest where even that fills faster. A stream without the OA timer
 * gets the largest, as in i915. Where the hrtimer is the only drain (Sandy
 * Bridge, or intel_oa.oa_interrupt=0) half the buffer is sized to hold two
 * of its periods instead, as far as the largest buffer allows.
 *
 * Reports that do not divide the buffer. The 192-byte Gen6/7 formats do
 * not divide the buffer size, so report boundaries move on every lap and a
 * report can be split across the end: the OA unit writes it as 64-byte
 * cachelines and wraps to the base between two of them. Nothing assumes
 * divisibility: offsets advance by the report size modulo the buffer size,
 * the hardware tail is not rounded to a multiple of the report size, and
 * the drain copies a split report in two pieces (it arrives whole in the
 * ring). The first cacheline of a report (RPT_ID and TIMESTAMP) is never
 * split.
 *
 * The DMA API. The pages are ordinary kernel pages under a streaming
 * mapping (dma_map_page(), DMA_BIDIRECTIONAL), owned by the device except
 * where the CPU takes them back with the sync calls: the drain syncs the
 * span between its head and the hardware tail for the CPU before it looks
 * at any report there (intel_oa_buffer_sync_for_cpu()), and hands the span
 * it consumed, with the RPT_ID and TIMESTAMP dwords it zeroed, back to the
 * device (intel_oa_buffer_sync_for_device()) before it moves OAHEADPTR
 * past it; a reset hands back the whole zeroed buffer. On a cache-coherent
 * machine without bounce buffering the calls do nothing; with bounce
 * buffering (swiotlb) they are the copies between the bounce slots, which
 * the OA unit writes, and these pages, which the CPU reads; behind an IOMMU
 * the GGTT holds the IOVAs dma_map_page() returned. A coherent allocation
 * (dma_alloc_coherent()) would need no syncs, but gives no struct page to
 * vmap() on every DMA implementation, and the drain reads reports that
 * cross page boundaries through one linear mapping.
 */

#define INTEL_OA_BUFFER_HALF_FULL_MS	50

/**
 * intel_oa_exponent_to_ns - OA timer period for an exponent
 * @oa: device
 * @exponent: 0..31
 *
 * The OA timer counts OA timestamp ticks, which run faster than the
 * command streamer's on Gen12.5 (i915 oa_exponent_to_ns()).
 *
 * Return: 2^(exponent + 1) OA timestamp ticks in ns, rounded up (i915).
 */
u64 intel_oa_exponent_to_ns(struct intel_oa_device *oa, u32 exponent)
{
	u64 nom = (2ULL << exponent) * NSEC_PER_SEC;
	u32 den = oa->oa_timestamp_freq;

	return div_u64(nom + den - 1, den);
}

/**
 * intel_oa_buffer_size_valid - can the generation's OA unit take @size?
 * @oa: device
 * @size: bytes
 *
 * Return: true for a power of two between the generation's limits.
 */
bool intel_oa_buffer_size_valid(struct intel_oa_device *oa, u64 size)
{
	return is_power_of_2(size) && size >= oa->gen->oa_buffer_min &&
	       size <= oa->gen->oa_buffer_max;
}

/**
 * intel_oa_buffer_half_fill_ns - how long @size bytes take to half fill
 * @oa: device
 * @size: buffer bytes
 * @report_size: bytes of one report
 * @exponent: OA timer exponent
 *
 * Return: ns.
 */
u64 intel_oa_buffer_half_fill_ns(struct intel_oa_device *oa, u32 size,
				 u32 report_size, u32 exponent)
{
	return size / 2 / report_size * intel_oa_exponent_to_ns(oa, exponent);
}

/**
 * intel_oa_buffer_default_size - OA buffer size for a stream
 * @oa: device
 * @report_size: bytes of one report
 * @periodic: the OA timer is used
 * @exponent: its exponent
 * @timer_ns: 0 if the half-full interrupt drains the stream, else the
 *	poll period of the hrtimer that does
 *
 * See "OA buffer".
 *
 * Return: bytes, valid for the generation.
 */
u32 intel_oa_buffer_default_size(struct intel_oa_device *oa, u32 report_size,
				 bool periodic, u32 exponent, u64 timer_ns)
{
	u64 half_ns = INTEL_OA_BUFFER_HALF_FULL_MS * NSEC_PER_MSEC;
	u64 period_ns, bytes;

	if (!periodic)
		return oa->gen->oa_buffer_max;

	/* The timer alone drains: half the buffer holds two of its periods. */
	if (timer_ns)
		half_ns = max(half_ns, 2 * timer_ns);

	period_ns = intel_oa_exponent_to_ns(oa, exponent);
	bytes = div64_u64(2 * half_ns, period_ns);
	if (bytes > div64_u64(oa->gen->oa_buffer_max, report_size))
		return oa->gen->oa_buffer_max;
	bytes *= report_size;
	if (bytes <= oa->gen->oa_buffer_min)
		return oa->gen->oa_buffer_min;
	return roundup_pow_of_two(bytes);
}

/* The OA unit's size field for @size (see "OA buffer"). */
static u32 buffer_size_field(const struct intel_oa_gen_desc *gen, u32 size)
{
	if (gen->oa_buffer_16k_steps)
		return size / SZ_16K - 1;
	return ilog2(size) - ilog2(SZ_128K);
}

/**
 * intel_oa_buffer_alloc - allocate and GGTT-map the OA buffer of a stream
 * @stream: stream whose @buf.format and @buf.size are set
 *
 * Also sets @buf.size_field.
 *
 * Return: 0 or a negative errno; on error nothing is left allocated.
 */
int intel_oa_buffer_alloc(struct intel_oa_stream *stream)
{
	struct intel_oa_buffer *buf = &stream->buf;
	struct device *dev = &stream->oa->pdev->dev;
	unsigned int n = buf->size >> PAGE_SHIFT;
	unsigned int i;
	int ret = -ENOMEM;

	spin_lock_init(&buf->ptr_lock);
	buf->size_field = buffer_size_field(stream->oa->gen, buf->size);

	buf->pages = kvcalloc(n, sizeof(*buf->pages), GFP_KERNEL);
	buf->dma = kvcalloc(n, sizeof(*buf->dma), GFP_KERNEL);
	if (!buf->pages || !buf->dma)
		goto err_arrays;

	for (i = 0; i < n; i++) {
		buf->pages[i] = alloc_page(GFP_KERNEL | __GFP_ZERO);
		if (!buf->pages[i]) {
			ret = -ENOMEM;
			goto err_pages;
		}
		buf->dma[i] = dma_map_page(dev, buf->pages[i], 0, PAGE_SIZE,
					   DMA_BIDIRECTIONAL);
		if (dma_mapping_error(dev, buf->dma[i])) {
			__free_page(buf->pages[i]);
			ret = -ENOMEM;
			goto err_pages;
		}
	}

	buf->vaddr = vmap(buf->pages, n, VM_MAP, PAGE_KERNEL);
	if (!buf->vaddr) {
		ret = -ENOMEM;
		goto err_pages;
	}

	buf->n_pages = n;
	/* The unit's own range: streams on other units use theirs. */
	buf->ggtt_offset = stream->oa->ggtt.oa_offset +
			   stream->unit->id * OA_BUFFER_GGTT_RANGE;
	intel_oa_ggtt_insert(stream->oa, buf->ggtt_offset, buf->dma, n);
	return 0;

err_pages:
	while (i--) {
		dma_unmap_page(dev, buf->dma[i], PAGE_SIZE, DMA_BIDIRECTIONAL);
		__free_page(buf->pages[i]);
	}
err_arrays:
	kvfree(buf->dma);
	kvfree(buf->pages);
	buf->dma = NULL;
	buf->pages = NULL;
	drm_err_ratelimited(&stream->oa->drm,
			    "cannot allocate the %u KiB OA buffer (%d); free memory and retry\n",
			    buf->size / SZ_1K, ret);
	return ret;
}

/**
 * intel_oa_buffer_free - DMA-unmap and free the OA buffer's pages
 * @stream: stream with an allocated buffer whose GGTT entries were already
 *	cleared (intel_oa_stream_hw_fini_locked()), so the OA unit cannot
 *	write to it
 */
void intel_oa_buffer_free(struct intel_oa_stream *stream)
{
	struct intel_oa_buffer *buf = &stream->buf;
	struct device *dev = &stream->oa->pdev->dev;
	unsigned int i;

	vunmap(buf->vaddr);
	for (i = 0; i < buf->n_pages; i++) {
		dma_unmap_page(dev, buf->dma[i], PAGE_SIZE, DMA_BIDIRECTIONAL);
		__free_page(buf->pages[i]);
	}
	kvfree(buf->dma);
	kvfree(buf->pages);
	buf->vaddr = NULL;
	buf->pages = NULL;
	buf->dma = NULL;
	buf->n_pages = 0;
}

/*
 * Call @sync on the page-sized pieces of @len bytes of the buffer from
 * @offset on, wrapping at the end of the buffer.
 */
static void buffer_sync(struct intel_oa_stream *stream, u32 offset, u32 len,
			void (*sync)(struct device *dev, dma_addr_t addr,
				     unsigned long off, size_t size,
				     enum dma_data_direction dir))
{
	struct intel_oa_buffer *buf = &stream->buf;
	struct device *dev = &stream->oa->pdev->dev;

	if (len > buf->size)
		len = buf->size;
	offset &= buf->size - 1;
	while (len) {
		u32 in_page = offset & (PAGE_SIZE - 1);
		u32 n = min_t(u32, len, PAGE_SIZE - in_page);

		sync(dev, buf->dma[offset >> PAGE_SHIFT], in_page, n,
		     DMA_BIDIRECTIONAL);
		len -= n;
		offset = (offset + n) & (buf->size - 1);
	}
}

/**
 * intel_oa_buffer_sync_for_cpu - let the CPU read what the unit wrote
 * @stream: stream with an allocated buffer
 * @offset: buffer offset of the first byte
 * @len: bytes (wrapping at the buffer end), at most the buffer size
 *
 * See "OA buffer" (the DMA API).
 */
void intel_oa_buffer_sync_for_cpu(struct intel_oa_stream *stream, u32 offset,
				  u32 len)
{
	buffer_sync(stream, offset, len, dma_sync_single_range_for_cpu);
}

/**
 * intel_oa_buffer_sync_for_device - hand consumed bytes back to the unit
 * @stream: stream with an allocated buffer
 * @offset: buffer offset of the first byte
 * @len: bytes (wrapping at the buffer end), at most the buffer size
 *
 * Before OAHEADPTR moves past them, so the zeroed dwords are what the
 * next sync for the CPU finds until the unit writes there again.
 */
void intel_oa_buffer_sync_for_device(struct intel_oa_stream *stream,
				     u32 offset, u32 len)
{
	buffer_sync(stream, offset, len, dma_sync_single_range_for_device);
}

/**
 * intel_oa_buffer_reset - forget all reports and zero the buffer
 * @stream: stream whose OA unit is stopped
 */
void intel_oa_buffer_reset(struct intel_oa_stream *stream)
{
	struct intel_oa_buffer *buf = &stream->buf;
	unsigned long flags;

	spin_lock_irqsave(&buf->ptr_lock, flags);
	buf->head = 0;
	buf->overflowed = false;
	buf->last_hw_tail = 0;
	buf->checked_tail = 0;
	buf->latched_status = 0;
	spin_unlock_irqrestore(&buf->ptr_lock, flags);

	memset(buf->vaddr, 0, buf->size);
	intel_oa_buffer_sync_for_device(stream, 0, buf->size);
	/* i915 gen8_init_oa_buffer(): no context seen yet */
	stream->last_ctx_id = INTEL_OA_INVALID_CTX_ID;
}

