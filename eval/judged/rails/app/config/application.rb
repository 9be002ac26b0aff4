require_relative "boot"
require "rails/all"

Bundler.require(*Rails.groups)

module Bazaar
  class Application < Rails::Application
    config.load_defaults 7.1
    config.autoload_lib(ignore: %w[assets tasks])
    config.active_job.queue_adapter = :sidekiq
    config.time_zone = "Europe/Paris"
    config.generators { |g| g.test_framework :rspec }
  end
end
