<?php

namespace App\Jobs;

use App\Models\Invoice;
use App\Notifications\InvoiceOverdue;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Queue\Queueable;

class SendOverdueReminders implements ShouldQueue
{
    use Queueable;

    public function handle(): void
    {
        Invoice::query()
            ->whereNull('paid_at')
            ->whereDate('due_on', '<', now())
            ->with('client.users')
            ->each(function (Invoice $invoice) {
                $invoice->client->users->each->notify(new InvoiceOverdue($invoice));
            });
    }
}
