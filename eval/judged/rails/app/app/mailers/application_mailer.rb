class ApplicationMailer < ActionMailer::Base
  default from: "no-reply@bazaar.example"
  layout "mailer"
end
