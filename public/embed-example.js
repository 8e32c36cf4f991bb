// The examples page's Copy buttons.
document.addEventListener('click', function (event) {
  const button = event.target.closest('button[data-copy]');
  if (!button) return;
  const code = document.getElementById(button.dataset.copy);
  const text = code.textContent.replace('https://YOUR-SITE/', new URL('./', location.href).href);
  navigator.clipboard.writeText(text).then(function () {
    button.textContent = 'Copied';
    setTimeout(function () { button.textContent = 'Copy'; }, 1500);
  }, function () { button.textContent = 'Select and copy'; });
});
