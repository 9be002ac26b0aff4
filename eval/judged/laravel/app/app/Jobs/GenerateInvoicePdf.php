<?php

namespace App\Jobs;

use App\Models\Invoice;
use Barryvdh\DomPDF\Facade\Pdf;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Queue\Queueable;
use Illuminate\Support\Facades\Storage;

class GenerateInvoicePdf implements ShouldQueue
{
    use Queueable;

    public int $tries = 3;

    public function __construct(public Invoice $invoice) {}

    public function handle(): void
    {
        $pdf = Pdf::loadView('pdf.invoice', ['invoice' => $this->invoice->load('client')]);
        $path = "invoices/{$this->invoice->number}.pdf";

        Storage::disk('s3')->put($path, $pdf->output());

        $this->invoice->update(['pdf_path' => $path]);
    }
}
