<?php

use Illuminate\Foundation\Testing\RefreshDatabase;

pest()->extend(Tests\TestCase::class)
    ->use(RefreshDatabase::class)
    ->in('Feature');

function actingAsChefDeProjet(): App\Models\User
{
    $user = App\Models\User::factory()->create(['client_id' => null]);
    $user->assignRole('chef-de-projet');
    test()->actingAs($user);

    return $user;
}
